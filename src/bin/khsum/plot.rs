//! `khsum bench --plot FILE.svg`: panels of cycles per byte (or ns per byte, lower is
//! better) against message size, log-scaled on both axes, each with its own legend and
//! GB/s bars at 1 MiB (or the largest size measured), best backend per algorithm, sorted.
//!
//! Panels follow the registry's classes (cryptographic hashes, checksums, keyed MACs with
//! keyed BLAKE3 among them, universal hashes). A class with more algorithms than there
//! are colours is split, fastest first, so that within a panel every algorithm has a
//! colour of its own; an algorithm 25 times slower than its class's median (Rescue
//! Prime) gets a panel and an axis of its own rather than stretching the others'. By
//! default each algorithm is drawn on its best single-stream backend (named in the
//! legend); `--all-backends` draws every backend and multi-buffer kernel, each with its
//! own marker shape. A point whose samples spread by more than 10% is marked `!`.
//! The image grows with the entries, so every legend fits inside it. Drawn with the
//! plotters crate's SVG backend: data lines are 2 px wide, marker strokes 3 px and legend
//! swatches 4 px (tests count them).

use khsum::algorithm::Algorithm;
use khsum::backend::Backend;
use khsum::spec::Class;
use khsum::tools::measure::Measurement;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::collections::BTreeMap;

/// Distinct colours (Okabe–Ito, then Tableau), readable on white; the first seven also by
/// most colour-blind readers. A panel holds at most this many algorithms, one colour each.
const PALETTE: [RGBColor; 10] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(0, 0, 0),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(214, 39, 40),
];

/// How many times its class's median per-byte figure (at the largest size) an algorithm
/// must cost to be drawn in a panel of its own: Rescue Prime costs 40 to 80 times the
/// median of the cryptographic hashes, BSD sum about 20 times the checksums'.
const OUTLIER: f64 = 25.0;

/// Marker shapes, one per backend of a panel (in the panel's order of backends, each
/// multi-buffer kernel an entry of its own), all distinct.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Marker {
    Circle,
    Triangle,
    Square,
    Cross,
    Ring,
    Diamond,
    TriangleDown,
    Plus,
    HollowSquare,
    Pentagon,
    HollowTriangle,
    HollowDiamond,
    HollowTriangleDown,
    HollowPentagon,
    Asterisk,
}

const MARKERS: [Marker; 15] = [
    Marker::Circle,
    Marker::Triangle,
    Marker::Square,
    Marker::Cross,
    Marker::Ring,
    Marker::Diamond,
    Marker::TriangleDown,
    Marker::Plus,
    Marker::HollowSquare,
    Marker::Pentagon,
    Marker::HollowTriangle,
    Marker::HollowDiamond,
    Marker::HollowTriangleDown,
    Marker::HollowPentagon,
    Marker::Asterisk,
];

/// The strokes (3 px wide) of the outlined markers, around (0, 0), in pixels.
fn strokes(m: Marker) -> Vec<Vec<(i32, i32)>> {
    match m {
        Marker::Cross => vec![vec![(-5, -5), (5, 5)], vec![(-5, 5), (5, -5)]],
        Marker::Plus => vec![vec![(-6, 0), (6, 0)], vec![(0, -6), (0, 6)]],
        Marker::HollowSquare => vec![vec![(-5, -5), (5, -5), (5, 5), (-5, 5), (-5, -5)]],
        Marker::HollowTriangle => vec![vec![(0, -6), (6, 5), (-6, 5), (0, -6)]],
        Marker::HollowDiamond => vec![vec![(0, -7), (7, 0), (0, 7), (-7, 0), (0, -7)]],
        Marker::HollowTriangleDown => vec![vec![(0, 6), (6, -5), (-6, -5), (0, 6)]],
        Marker::HollowPentagon => vec![vec![(0, -6), (6, -2), (4, 6), (-4, 6), (-6, -2), (0, -6)]],
        Marker::Asterisk => vec![
            vec![(-6, 0), (6, 0)],
            vec![(-3, -5), (3, 5)],
            vec![(-3, 5), (3, -5)],
        ],
        _ => Vec::new(),
    }
}

/// The marker's outline around (0, 0), in pixels, for the filled shapes.
fn polygon(m: Marker) -> Vec<(i32, i32)> {
    match m {
        Marker::Triangle => vec![(0, -6), (6, 5), (-6, 5)],
        Marker::Square => vec![(-5, -5), (5, -5), (5, 5), (-5, 5)],
        Marker::Diamond => vec![(0, -7), (7, 0), (0, 7), (-7, 0)],
        Marker::TriangleDown => vec![(0, 6), (6, -5), (-6, -5)],
        Marker::Pentagon => vec![(0, -6), (6, -2), (4, 6), (-4, 6), (-6, -2)],
        _ => Vec::new(),
    }
}

/// Draws marker `m` at pixel `at` of a drawing area.
fn draw_marker<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    m: Marker,
    c: RGBColor,
    at: (i32, i32),
) -> Result<(), String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    let (x, y) = at;
    match m {
        Marker::Circle => area.draw(&Circle::new(at, 5, c.filled())).map_err(err),
        Marker::Ring => area
            .draw(&Circle::new(at, 5, c.stroke_width(2)))
            .map_err(err),
        Marker::Cross
        | Marker::Plus
        | Marker::HollowSquare
        | Marker::HollowTriangle
        | Marker::HollowDiamond
        | Marker::HollowTriangleDown
        | Marker::HollowPentagon
        | Marker::Asterisk => {
            for path in strokes(m) {
                area.draw(&PathElement::new(
                    path.into_iter()
                        .map(|(dx, dy)| (x + dx, y + dy))
                        .collect::<Vec<_>>(),
                    c.stroke_width(3),
                ))
                .map_err(err)?;
            }
            Ok(())
        }
        _ => area
            .draw(&Polygon::new(
                polygon(m)
                    .into_iter()
                    .map(|(dx, dy)| (x + dx, y + dy))
                    .collect::<Vec<_>>(),
                c.filled(),
            ))
            .map_err(err),
    }
}

/// The classes, top to bottom, with their panel headings.
const CLASSES: [(Class, &str); 4] = [
    (Class::CryptoHash, "cryptographic hashes"),
    (Class::Checksum, "checksums (no security)"),
    (Class::Mac, "keyed MACs"),
    (
        Class::UniversalHash,
        "universal hashes (keyed; not a MAC alone)",
    ),
];

/// How one line is drawn: palette colour and marker.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct Style {
    colour: usize,
    marker: Marker,
}

/// One point: size, per-byte figure, and whether its samples were noisy.
type Point = (f64, f64, bool);

/// One algorithm × backend (× lanes) series of a panel, sorted by size.
struct Line {
    style: Style,
    points: Vec<Point>,
}

/// One panel: its lines, legend entries and bars.
struct Panel {
    heading: String,
    /// Algorithms, fastest first, with their colour and (by default) the backend drawn.
    algs: Vec<(String, usize, Option<String>)>,
    /// With `--all-backends`: the backends as reports name them (`avx2`, `avx2x8`), with
    /// their marker.
    backends: Vec<(String, Marker)>,
    /// Each algorithm's marker, by default (one backend each).
    alg_markers: Vec<Marker>,
    lines: Vec<Line>,
    /// Per algorithm measured at the bar size: the best single-stream GB/s and its
    /// backend, fastest first.
    bars: Vec<(String, usize, f64, String)>,
    sizes: Vec<usize>,
    y_range: (f64, f64),
    noisy: bool,
}

/// The image width and the columns of a panel: chart, legend, bars.
const WIDTH: u32 = 1500;
const CHART_W: u32 = 740;
const ALG_COL: i32 = 180;
const LEGEND_W: u32 = 330;
/// Title band, legend and bar rows, the space above a panel's first row, the least panel
/// height.
const TITLE_H: u32 = 44;
const ROW: i32 = 22;
const BAR_ROW: i32 = 20;
const HEADER: i32 = 44;
const MIN_PANEL_H: u32 = 300;
/// The bar column: names, then bars up to this long, then the figure.
const BAR_NAME_W: i32 = 124;
const BAR_MAX: f64 = 190.0;

/// The per-byte figure plotted: cycles (of the counter) or else nanoseconds.
fn per_byte(m: &Measurement) -> f64 {
    m.cycles_per_byte
        .unwrap_or_else(|| 1.0 / m.gb_per_s.max(1e-12))
}

/// The powers of ten just around `lo..hi`, at least one decade apart, so the y axis is
/// labelled at powers of ten only.
fn decades(lo: f64, hi: f64) -> (f64, f64) {
    let a = (lo / 1.3).log10().floor();
    let b = (hi * 1.3).log10().ceil().max(a + 1.0);
    (10f64.powi(a as i32), 10f64.powi(b as i32))
}

/// The size the bars show: 1 MiB when measured, else the largest size measured.
fn bar_size(results: &[Measurement]) -> usize {
    if results.iter().any(|m| m.bytes == 1 << 20) {
        1 << 20
    } else {
        results.iter().map(|m| m.bytes).max().unwrap_or(0)
    }
}

/// What a measurement is drawn as: the algorithm, or `blake3 keyed` for the keyed mode of
/// an algorithm whose key is optional.
fn label(m: &Measurement) -> String {
    match Algorithm::lookup(m.algorithm) {
        Ok(a) if m.keyed && !a.needs_key() => format!("{} keyed", m.algorithm),
        _ => m.algorithm.to_string(),
    }
}

/// The panel class of a measurement: a hash in its keyed mode (BLAKE3's) is a MAC.
fn class_of(m: &Measurement) -> Class {
    match Algorithm::lookup(m.algorithm).map_or(Class::CryptoHash, |a| a.class) {
        Class::CryptoHash if m.keyed => Class::Mac,
        class => class,
    }
}

/// One algorithm's measurements of a class, and the backend it is drawn on by default.
struct Entry<'a> {
    label: String,
    all: Vec<&'a Measurement>,
    /// The single-stream backend with the lowest figure at the largest size measured
    /// (the one the bars show).
    best: Option<Backend>,
    /// That figure (how fast the algorithm is, for sorting and splitting).
    speed: f64,
}

/// Each algorithm of a class with its best backend, in measurement order.
fn entries<'a>(mine: &[&'a Measurement]) -> Vec<Entry<'a>> {
    let mut out: Vec<Entry<'a>> = Vec::new();
    for &m in mine {
        let l = label(m);
        match out.iter_mut().find(|e| e.label == l) {
            Some(e) => e.all.push(m),
            None => out.push(Entry {
                label: l,
                all: vec![m],
                best: None,
                speed: 0.0,
            }),
        }
    }
    for e in &mut out {
        let mut backends: Vec<Backend> = Vec::new();
        for m in e.all.iter().filter(|m| m.lanes == 1) {
            if !backends.contains(&m.backend) {
                backends.push(m.backend);
            }
        }
        // A series' figure at the largest size it was measured at.
        let largest = |multi: bool, b: Option<Backend>| {
            e.all
                .iter()
                .filter(|m| (m.lanes > 1) == multi && b.is_none_or(|b| m.backend == b))
                .max_by_key(|m| m.bytes)
                .map_or(0.0, |m| per_byte(m))
        };
        e.best = backends
            .iter()
            .copied()
            .min_by(|&p, &q| largest(false, Some(p)).total_cmp(&largest(false, Some(q))));
        e.speed = match e.best {
            Some(b) => largest(false, Some(b)),
            None => largest(true, None),
        };
    }
    out
}

/// Groups the measurements into panels (by class; split so that colours do not repeat,
/// and the far slower ones apart) and gives every line its style.
fn panels(results: &[Measurement], all: bool) -> Vec<Panel> {
    let bar_at = bar_size(results);
    let mut out = Vec::new();
    for (class, heading) in CLASSES {
        let mine: Vec<&Measurement> = results
            .iter()
            .filter(|m| class_of(m) == class && per_byte(m) > 0.0)
            .collect();
        if mine.is_empty() {
            continue;
        }
        let mut es = entries(&mine);
        es.sort_by(|p, q| p.speed.total_cmp(&q.speed));
        let typical = es.get(es.len() / 2).map_or(0.0, |e| e.speed);
        let (slow, fast): (Vec<Entry<'_>>, Vec<Entry<'_>>) = es
            .into_iter()
            .partition(|e| typical > 0.0 && e.speed > OUTLIER * typical);
        let groups = fast.len().div_ceil(PALETTE.len()).max(1);
        let per_group = fast.len().div_ceil(groups).max(1);
        let mut fast = fast.into_iter().peekable();
        let mut part = 0;
        while fast.peek().is_some() {
            part += 1;
            let group: Vec<Entry<'_>> = fast.by_ref().take(per_group).collect();
            let heading = if groups > 1 {
                format!("{heading} ({part} of {groups}, fastest first)")
            } else {
                heading.to_string()
            };
            out.push(panel(heading, group, all, bar_at));
        }
        let mut slow = slow.into_iter().peekable();
        while slow.peek().is_some() {
            let group: Vec<Entry<'_>> = slow.by_ref().take(PALETTE.len()).collect();
            out.push(panel(
                format!("{heading}, over {OUTLIER:.0}× slower (own axis)"),
                group,
                all,
                bar_at,
            ));
        }
    }
    out
}

/// One panel of at most [`PALETTE`]'s length of algorithms.
fn panel(heading: String, group: Vec<Entry<'_>>, all: bool, bar_at: usize) -> Panel {
    // Series by algorithm, backend and lanes: a multi-buffer kernel (`avx2x8`) is a series
    // of its own; by default only each algorithm's best single-stream backend.
    let mut series: BTreeMap<(usize, Backend, usize), Vec<Point>> = BTreeMap::new();
    let mut entries: Vec<(Backend, usize)> = Vec::new();
    let mut sizes: Vec<usize> = Vec::new();
    for (i, e) in group.iter().enumerate() {
        for m in &e.all {
            let drawn = all || (m.lanes == 1 && Some(m.backend) == e.best);
            if !drawn {
                continue;
            }
            if !entries.contains(&(m.backend, m.lanes)) {
                entries.push((m.backend, m.lanes));
            }
            if !sizes.contains(&m.bytes) {
                sizes.push(m.bytes);
            }
            series.entry((i, m.backend, m.lanes)).or_default().push((
                m.bytes as f64,
                per_byte(m),
                m.noisy(),
            ));
        }
    }
    entries.sort();
    sizes.sort_unstable();
    let marker = |e: (Backend, usize)| {
        MARKERS[entries.iter().position(|&x| x == e).unwrap_or(0) % MARKERS.len()]
    };
    let (mut y0, mut y1) = (f64::MAX, 0f64);
    let mut noisy = false;
    let lines = series
        .into_iter()
        .map(|((i, b, lanes), mut points)| {
            points.sort_by(|p, q| p.0.total_cmp(&q.0));
            for &(_, y, n) in &points {
                y0 = y0.min(y);
                y1 = y1.max(y);
                noisy |= n;
            }
            Line {
                style: Style {
                    colour: i,
                    marker: marker((b, lanes)),
                },
                points,
            }
        })
        .collect();
    let name = |b: Backend, lanes: usize| {
        if lanes > 1 {
            format!("{}x{lanes}", b.name())
        } else {
            b.name().to_string()
        }
    };
    let algs = group
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let shown = (!all).then(|| e.best.map(|b| b.name().to_string()));
            (e.label.clone(), i, shown.flatten())
        })
        .collect();
    let alg_markers = group
        .iter()
        .map(|e| e.best.map_or(MARKERS[0], |b| marker((b, 1))))
        .collect();
    let mut bars: Vec<(String, usize, f64, String)> = Vec::new();
    for (i, e) in group.iter().enumerate() {
        let best = e
            .all
            .iter()
            .find(|m| m.bytes == bar_at && m.lanes == 1 && Some(m.backend) == e.best);
        if let Some(m) = best {
            bars.push((e.label.clone(), i, m.gb_per_s, m.backend_label()));
        }
    }
    bars.sort_by(|p, q| q.2.total_cmp(&p.2));
    let backends = if all {
        entries
            .iter()
            .map(|&(b, lanes)| (name(b, lanes), marker((b, lanes))))
            .collect()
    } else {
        Vec::new()
    };
    Panel {
        heading,
        algs,
        backends,
        alg_markers,
        lines,
        bars,
        sizes,
        y_range: decades(y0, y1),
        noisy,
    }
}

impl Panel {
    /// Tall enough for the chart, for every legend row (and the noisy note) and for every
    /// bar.
    fn height(&self) -> u32 {
        let rows = self.algs.len().max(self.backends.len()) as i32 + i32::from(self.noisy);
        let legend = HEADER + ROW * rows + 16;
        let bars = HEADER + BAR_ROW * self.bars.len() as i32 + 16;
        MIN_PANEL_H.max(legend as u32).max(bars as u32)
    }
}

/// The figure of a bar, to three significant digits or so.
fn gb_text(x: f64) -> String {
    if x >= 10.0 {
        format!("{x:.1}")
    } else if x >= 0.1 {
        format!("{x:.2}")
    } else {
        format!("{x:.3}")
    }
}

/// Renders the measurements as an SVG document: each algorithm on its best backend, or
/// with `all`, on every backend measured.
///
/// # Errors
/// Nothing to plot, or a drawing error (reported as text).
pub fn render_svg(
    results: &[Measurement],
    title: &str,
    y_label: &str,
    all: bool,
) -> Result<String, String> {
    let panels = panels(results, all);
    if panels.is_empty() {
        return Err("no measurement to plot".into());
    }
    let height = TITLE_H + panels.iter().map(Panel::height).sum::<u32>();
    let bar_at = khsum::tools::measure::format_size(bar_size(results));
    let y_label = format!("{y_label} (lower is better)");
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(&e))?;
        root.draw(&Text::new(
            title.to_string(),
            (WIDTH as i32 / 2, 12),
            ("sans-serif", 22)
                .into_font()
                .into_text_style(&root)
                .pos(Pos::new(HPos::Center, VPos::Top)),
        ))
        .map_err(|e| err(&e))?;
        let mut top = TITLE_H;
        for p in &panels {
            let h = p.height();
            let area = root.clone().shrink((0, top), (WIDTH, h));
            draw_panel(&root, &area, p, &y_label, &bar_at)?;
            top += h;
        }
        root.present().map_err(|e| err(&e))?;
    }
    Ok(svg)
}

/// Draws one panel into `area` (markers on `root`, in its pixels).
fn draw_panel<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    area: &DrawingArea<DB, Shift>,
    p: &Panel,
    y_label: &str,
    bar_at: &str,
) -> Result<(), String> {
    let parts = area.split_by_breakpoints([CHART_W, CHART_W + LEGEND_W], [] as [u32; 0]);
    draw_chart(root, &parts[0], p, y_label)?;
    draw_legend(&parts[1], p)?;
    draw_bars(&parts[2], p, bar_at)
}

fn err(e: &dyn std::fmt::Display) -> String {
    e.to_string()
}

/// The chart of one panel: log-log axes, one line per algorithm (and backend), a marker
/// per point, `!` beside a noisy one (drawn on `root`, in its pixels).
fn draw_chart<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart_area: &DrawingArea<DB, Shift>,
    p: &Panel,
    y_label: &str,
) -> Result<(), String> {
    let (x0, x1) = (
        p.sizes[0] as f64 / 1.6,
        p.sizes[p.sizes.len() - 1] as f64 * 1.6,
    );
    let ticks: Vec<f64> = p.sizes.iter().map(|&s| s as f64).collect();
    let (y0, y1) = p.y_range;
    let mut powers = vec![y0];
    while *powers.last().expect("one") < y1 / 1.5 {
        powers.push(powers.last().expect("one") * 10.0);
    }
    let mut chart = ChartBuilder::on(chart_area)
        .caption(
            p.heading.as_str(),
            ("sans-serif", 19).into_font().style(FontStyle::Bold),
        )
        .margin(12)
        .x_label_area_size(44)
        .y_label_area_size(76)
        .build_cartesian_2d(
            (x0..x1).log_scale().with_key_points(ticks),
            (y0..y1).log_scale().with_key_points(powers),
        )
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .x_desc("message size")
        .y_desc(y_label)
        .x_label_formatter(&|x| khsum::tools::measure::format_size(x.round() as usize))
        .y_label_formatter(&|y| format!("{y}"))
        .label_style(("sans-serif", 14))
        .axis_desc_style(("sans-serif", 16))
        .draw()
        .map_err(|e| err(&e))?;
    for line in &p.lines {
        let Style { colour, marker } = line.style;
        chart
            .draw_series(LineSeries::new(
                line.points.iter().map(|&(x, y, _)| (x, y)),
                PALETTE[colour].stroke_width(2),
            ))
            .map_err(|e| err(&e))?;
        for &(x, y, noisy) in &line.points {
            let at = chart.backend_coord(&(x, y));
            draw_marker(root, marker, PALETTE[colour], at)?;
            if noisy {
                root.draw(&Text::new("!", (at.0 + 7, at.1 - 16), bold(15)))
                    .map_err(|e| err(&e))?;
            }
        }
    }
    Ok(())
}

fn bold(size: u32) -> TextStyle<'static> {
    ("sans-serif", size)
        .into_font()
        .style(FontStyle::Bold)
        .into()
}

/// The legend: algorithms (colour; by default also the backend drawn, and its marker),
/// then with `--all-backends` the backends (marker) beside them; a note on `!`.
fn draw_legend<DB: DrawingBackend>(
    legend: &DrawingArea<DB, Shift>,
    p: &Panel,
) -> Result<(), String> {
    let text = ("sans-serif", 15);
    let by_backend = !p.backends.is_empty();
    legend
        .draw(&Text::new(
            if by_backend {
                "algorithm"
            } else {
                "algorithm (best backend)"
            },
            (8, 14),
            bold(16),
        ))
        .map_err(|e| err(&e))?;
    for (i, (alg, colour, backend)) in p.algs.iter().enumerate() {
        let y = HEADER + ROW * i as i32;
        legend
            .draw(&PathElement::new(
                vec![(8, y), (52, y)],
                PALETTE[*colour].stroke_width(4),
            ))
            .map_err(|e| err(&e))?;
        if !by_backend {
            draw_marker(legend, p.alg_markers[i], PALETTE[*colour], (30, y))?;
        }
        let name = match backend {
            Some(b) => format!("{alg} ({b})"),
            None => alg.clone(),
        };
        legend
            .draw(&Text::new(name, (60, y - 8), text))
            .map_err(|e| err(&e))?;
    }
    if by_backend {
        legend
            .draw(&Text::new("backend", (ALG_COL + 8, 14), bold(16)))
            .map_err(|e| err(&e))?;
        for (i, (name, marker)) in p.backends.iter().enumerate() {
            let y = HEADER + ROW * i as i32;
            draw_marker(legend, *marker, BLACK, (ALG_COL + 22, y))?;
            legend
                .draw(&Text::new(name.clone(), (ALG_COL + 40, y - 8), text))
                .map_err(|e| err(&e))?;
        }
    }
    if p.noisy {
        let rows = p.algs.len().max(p.backends.len()) as i32;
        legend
            .draw(&Text::new(
                "! noisy: samples spread over 10%",
                (8, HEADER + ROW * rows - 8),
                text,
            ))
            .map_err(|e| err(&e))?;
    }
    Ok(())
}

/// GB/s at the bar size, best single-stream backend, fastest first.
fn draw_bars<DB: DrawingBackend>(
    bar_area: &DrawingArea<DB, Shift>,
    p: &Panel,
    bar_at: &str,
) -> Result<(), String> {
    bar_area
        .draw(&Text::new(
            format!("GB/s at {bar_at}, best backend"),
            (8, 14),
            bold(16),
        ))
        .map_err(|e| err(&e))?;
    let most = p.bars.first().map_or(1.0, |b| b.2).max(1e-12);
    for (i, (alg, colour, gb, backend)) in p.bars.iter().enumerate() {
        let y = HEADER + BAR_ROW * i as i32;
        let len = ((gb / most) * BAR_MAX).round().max(1.0) as i32;
        bar_area
            .draw(&Text::new(alg.clone(), (8, y - 7), ("sans-serif", 13)))
            .map_err(|e| err(&e))?;
        bar_area
            .draw(&Rectangle::new(
                [(BAR_NAME_W, y - 7), (BAR_NAME_W + len, y + 7)],
                PALETTE[*colour].filled(),
            ))
            .map_err(|e| err(&e))?;
        bar_area
            .draw(&Text::new(
                format!("{} {backend}", gb_text(*gb)),
                (BAR_NAME_W + len + 6, y - 7),
                ("sans-serif", 13),
            ))
            .map_err(|e| err(&e))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every algorithm of the registry on several backends (two of them also in 8 lanes),
    /// at four sizes: more entries than any machine measures.
    fn everything() -> Vec<Measurement> {
        let mut out = Vec::new();
        let entries = [
            (Backend::Portable, 1),
            (Backend::Sse41, 1),
            (Backend::Avx2, 1),
            (Backend::ShaNi, 1),
            (Backend::Auto, 1),
            (Backend::Portable, 8),
            (Backend::Avx2, 8),
        ];
        for (i, a) in Algorithm::all().iter().enumerate() {
            for (j, &(backend, lanes)) in entries.iter().enumerate() {
                for (k, bytes) in [64, 1024, 65536, 1 << 20].into_iter().enumerate() {
                    let cpb = (1 + i + j) as f64 / (1 + k) as f64;
                    out.push(Measurement {
                        algorithm: a.name,
                        backend,
                        lanes,
                        bytes,
                        keyed: false,
                        cycles_per_byte: Some(cpb),
                        spread: 0.0,
                        gb_per_s: 3.0 / cpb,
                        samples: 3,
                    });
                }
            }
        }
        out
    }

    /// The algorithms of a class, in panels of distinct colours, each algorithm in one
    /// panel; by default one line each (its best backend), with `--all-backends` one per
    /// backend and kernel, no two alike.
    #[test]
    fn panels_by_class_with_distinct_colours_and_styles() {
        let results = everything();
        for all in [false, true] {
            let panels = panels(&results, all);
            let headings: Vec<&str> = panels.iter().map(|p| p.heading.as_str()).collect();
            assert_eq!(
                headings,
                [
                    "cryptographic hashes (1 of 2, fastest first)",
                    "cryptographic hashes (2 of 2, fastest first)",
                    "checksums (no security)",
                    "keyed MACs",
                    "universal hashes (keyed; not a MAC alone)"
                ]
            );
            for (class, heading) in CLASSES {
                let mut want: Vec<&str> = Algorithm::all()
                    .iter()
                    .filter(|a| a.class == class)
                    .map(|a| a.name)
                    .collect();
                let mut got: Vec<&str> = panels
                    .iter()
                    .filter(|p| p.heading.starts_with(heading))
                    .flat_map(|p| p.algs.iter().map(|a| a.0.as_str()))
                    .collect();
                want.sort_unstable();
                got.sort_unstable();
                assert_eq!(got, want, "{heading}");
            }
            for p in &panels {
                assert!(p.algs.len() <= PALETTE.len(), "{}", p.heading);
                let mut colours: Vec<usize> = p.algs.iter().map(|a| a.1).collect();
                colours.sort_unstable();
                colours.dedup();
                assert_eq!(colours.len(), p.algs.len(), "{}: colours repeat", p.heading);
                let mut markers: Vec<Marker> = p.backends.iter().map(|b| b.1).collect();
                markers.sort_unstable();
                markers.dedup();
                assert_eq!(markers.len(), p.backends.len(), "{}", p.heading);
                let per_alg = if all { 7 } else { 1 };
                let mut styles: Vec<Style> = p.lines.iter().map(|l| l.style).collect();
                assert_eq!(styles.len(), p.algs.len() * per_alg, "{}", p.heading);
                styles.sort_unstable();
                styles.dedup();
                assert_eq!(
                    styles.len(),
                    p.lines.len(),
                    "{}: two lines alike",
                    p.heading
                );
                // By default the best backend (here the first: the figures grow with the
                // backend's index), named in the legend; bars single-stream, fastest first.
                if !all {
                    assert!(p.algs.iter().all(|a| a.2.as_deref() == Some("portable")));
                }
                assert_eq!(p.bars.len(), p.algs.len());
                assert!(p.bars.windows(2).all(|w| w[0].2 >= w[1].2));
                assert!(p.bars.iter().all(|b| !b.3.contains('x')), "{:?}", p.bars);
            }
        }
    }

    /// An algorithm 25 times slower than its class's others gets a panel and an axis of
    /// its own; keyed BLAKE3 is drawn among the MACs, named so.
    #[test]
    fn the_far_slower_apart_and_keyed_hashes_among_the_macs() {
        let m = |algorithm, cpb: f64, keyed| Measurement {
            algorithm,
            backend: Backend::Auto,
            lanes: 1,
            bytes: 1024,
            keyed,
            cycles_per_byte: Some(cpb),
            spread: 0.0,
            gb_per_s: 3.0 / cpb,
            samples: 3,
        };
        let results = [
            m("blake3", 1.0, false),
            m("sha256", 2.0, false),
            m("sha512", 3.0, false),
            m("rescue-prime", 150.0, false),
            m("blake3", 1.2, true),
            m("siphash-2-4", 1.0, true),
        ];
        let panels = panels(&results, false);
        let shown: Vec<(&str, Vec<&str>)> = panels
            .iter()
            .map(|p| {
                (
                    p.heading.as_str(),
                    p.algs.iter().map(|a| a.0.as_str()).collect(),
                )
            })
            .collect();
        assert_eq!(
            shown,
            [
                ("cryptographic hashes", vec!["blake3", "sha256", "sha512"]),
                (
                    "cryptographic hashes, over 25× slower (own axis)",
                    vec!["rescue-prime"]
                ),
                ("keyed MACs", vec!["siphash-2-4", "blake3 keyed"]),
            ]
        );
        assert_eq!(panels[0].y_range, (0.1, 10.0));
        assert_eq!(panels[1].y_range, (100.0, 1000.0));
    }

    #[test]
    fn y_axis_spans_whole_decades() {
        assert_eq!(decades(1.2, 65.0), (0.1, 100.0));
        assert_eq!(decades(1.4, 65.0), (1.0, 100.0));
        assert_eq!(decades(0.06, 1600.0), (0.01, 10_000.0));
        assert_eq!(decades(3.0, 4.0), (1.0, 10.0));
    }

    /// The numbers of `attr` on an element: a coordinate, or a polyline's points.
    fn numbers(n: &roxmltree::Node<'_, '_>, attr: &str) -> Vec<f64> {
        n.attribute(attr)
            .unwrap_or("")
            .split([' ', ','])
            .filter(|t| !t.is_empty())
            .map(|t| t.parse().unwrap())
            .collect()
    }

    /// Everything drawn lies inside the image: each text's box (estimated at 0.6 em a
    /// character), each line's and polygon's points, each circle and rectangle.
    fn assert_inside(svg: &str, legend: &[&str]) {
        let doc = roxmltree::Document::parse(svg).unwrap();
        let root = doc.root_element();
        let w: f64 = root.attribute("width").unwrap().parse().unwrap();
        let h: f64 = root.attribute("height").unwrap().parse().unwrap();
        let inside = |x: f64, y: f64, what: &str| {
            assert!(
                (0.0..=w).contains(&x) && (0.0..=h).contains(&y),
                "{what} at ({x}, {y}) outside the {w}×{h} image"
            )
        };
        let mut seen = Vec::new();
        for n in doc.descendants() {
            match n.tag_name().name() {
                "text" => {
                    let t = n.text().unwrap_or("").trim();
                    let (x, y) = (numbers(&n, "x")[0], numbers(&n, "y")[0]);
                    let size = numbers(&n, "font-size")[0];
                    let len = 0.6 * size * t.chars().count() as f64;
                    let (left, right) = match n.attribute("text-anchor") {
                        Some("middle") => (x - len / 2.0, x + len / 2.0),
                        Some("end") => (x - len, x),
                        _ => (x, x + len),
                    };
                    // Where plotters puts the text's box around y (its `dy`).
                    let (top, bottom) = match n.attribute("dy") {
                        Some("0.76em") => (y, y + size),
                        Some("0.5ex") => (y - size / 2.0, y + size / 2.0),
                        _ => (y - size, y),
                    };
                    if n.attribute("transform").is_none() {
                        inside(left, top, t);
                        inside(right, bottom, t);
                    }
                    seen.push(t.to_string());
                }
                "polyline" | "polygon" => {
                    for xy in numbers(&n, "points").chunks(2) {
                        inside(xy[0], xy[1], n.tag_name().name());
                    }
                }
                "circle" => {
                    let (x, y, r) = (
                        numbers(&n, "cx")[0],
                        numbers(&n, "cy")[0],
                        numbers(&n, "r")[0],
                    );
                    inside(x - r, y - r, "circle");
                    inside(x + r, y + r, "circle");
                }
                "rect" => {
                    let (x, y) = (numbers(&n, "x")[0], numbers(&n, "y")[0]);
                    let (rw, rh) = (numbers(&n, "width")[0], numbers(&n, "height")[0]);
                    inside(x, y, "rect");
                    inside(x + rw, y + rh, "rect");
                }
                _ => {}
            }
        }
        for name in legend {
            assert!(seen.iter().any(|t| t == name), "no legend entry {name}");
        }
    }

    #[test]
    fn every_legend_inside_the_image() {
        let results = everything();
        let names: Vec<&str> = Algorithm::all().iter().map(|a| a.name).collect();
        for all in [true, false] {
            let svg = render_svg(&results, "title", "cycles/byte", all).unwrap();
            if all {
                assert_inside(&svg, &names);
                assert_inside(&svg, &["portablex8", "avx2x8", "sha-ni", "auto"]);
            } else {
                let legend: Vec<String> = names.iter().map(|n| format!("{n} (portable)")).collect();
                assert_inside(&svg, &legend.iter().map(String::as_str).collect::<Vec<_>>());
            }
            // One data line per series, each algorithm one legend swatch.
            let doc = roxmltree::Document::parse(&svg).unwrap();
            let width = |w| {
                doc.descendants()
                    .filter(|n| {
                        n.has_tag_name("polyline") && n.attribute("stroke-width") == Some(w)
                    })
                    .count()
            };
            assert_eq!(width("2"), names.len() * if all { 7 } else { 1 });
            assert_eq!(width("4"), names.len());
            assert!(svg.contains("cycles/byte (lower is better)"));
            assert!(!svg.contains("noisy"));
        }
        // A noisy point is marked, and the legend says what the mark means.
        let mut noisy = results.clone();
        noisy[0].spread = 0.2;
        let svg = render_svg(&noisy, "title", "cycles/byte", false).unwrap();
        assert_inside(&svg, &["!", "! noisy: samples spread over 10%"]);
        // A panel per class present and no more: one algorithm alone, one panel.
        let one: Vec<Measurement> = results
            .iter()
            .filter(|m| m.algorithm == "crc32")
            .cloned()
            .collect();
        let svg = render_svg(&one, "title", "cycles/byte", true).unwrap();
        assert_inside(&svg, &["crc32", "checksums (no security)"]);
        assert!(!svg.contains("cryptographic hashes"));
        assert!(!svg.contains("sha256"));
    }
}
