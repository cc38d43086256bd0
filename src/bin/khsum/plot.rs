//! `khsum bench --plot FILE.svg`: one panel per class of the registry (cryptographic
//! hashes, checksums, keyed MACs, universal hashes), stacked, each with cycles per byte (or
//! ns per byte) against message size, log-scaled on both axes, its own legend, and GB/s
//! bars at 1 MiB (or the largest size measured), best backend per algorithm, sorted.
//!
//! Within a panel no two lines look alike: each algorithm has its own colour and dash
//! pattern (ten colours, then the same colours dashed, dotted, dash-dotted), each backend
//! its own marker shape. The image grows with the entries, so every legend fits inside it.
//! Drawn with the plotters crate's SVG backend: data lines are 2 px wide, marker strokes
//! 3 px and legend swatches 4 px (tests count them). plotters 0.3 writes no dash attribute,
//! so dashed strokes are drawn with a marker opacity and rewritten into
//! `stroke-dasharray` once the document is complete (`apply_dashes`).

use khsum::algorithm::Algorithm;
use khsum::backend::Backend;
use khsum::spec::Class;
use khsum::tools::measure::Measurement;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::collections::BTreeMap;

/// Distinct colours (Okabe–Ito, then Tableau), readable on white; the first seven also by
/// most colour-blind readers. None two alike: each algorithm of a panel takes the next one,
/// and after the last the next dash pattern.
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

/// Dash patterns (SVG `stroke-dasharray`; `None`: solid), after the colours run out.
const DASHES: [Option<&str>; 4] = [None, Some("10,5"), Some("2,4"), Some("12,4,2,4")];

/// The opacity a stroke of dash pattern `d` is drawn with, to be rewritten by
/// [`apply_dashes`] (solid strokes keep opacity 1).
fn dash_opacity(d: usize) -> f64 {
    if d == 0 { 1.0 } else { 0.99 - 0.001 * d as f64 }
}

/// Rewrites the marker opacities of dashed strokes into their dash patterns.
fn apply_dashes(svg: &str) -> String {
    let mut out = svg.to_string();
    for (d, dash) in DASHES.iter().enumerate().skip(1) {
        let Some(dash) = dash else { continue };
        out = out.replace(
            &format!("opacity=\"{}\"", dash_opacity(d)),
            &format!("opacity=\"1\" stroke-dasharray=\"{dash}\""),
        );
    }
    out
}

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

/// The panels, top to bottom, by the registry's class of each algorithm.
const CLASSES: [(Class, &str); 4] = [
    (Class::CryptoHash, "cryptographic hashes"),
    (Class::Checksum, "checksums (no security)"),
    (Class::Mac, "keyed MACs"),
    (
        Class::UniversalHash,
        "universal hashes (keyed; not a MAC alone)",
    ),
];

/// How one line is drawn: palette colour, dash pattern and marker.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct Style {
    colour: usize,
    dash: usize,
    marker: Marker,
}

/// One algorithm × backend (× lanes) series of a panel, sorted by size.
struct Line {
    style: Style,
    points: Vec<(f64, f64)>,
}

/// One class's panel: its lines, legend entries and bars.
struct Panel<'a> {
    heading: &'static str,
    /// Algorithms in measurement order, with their colour and dash.
    algs: Vec<(&'a str, usize, usize)>,
    /// Backends as reports name them (`avx2`, `avx2x8`), with their marker.
    backends: Vec<(String, Marker)>,
    lines: Vec<Line>,
    /// Per algorithm measured at the bar size: the best single-stream GB/s and its
    /// backend, fastest first.
    bars: Vec<(&'a str, usize, f64, String)>,
    sizes: Vec<usize>,
    y_range: (f64, f64),
}

/// The image width and the columns of a panel: chart, legend (algorithms, backends), bars.
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

/// Points (size, per-byte figure) by algorithm, backend and lanes: a multi-buffer kernel
/// (`avx2x8`) is a series of its own.
type Series<'a> = BTreeMap<(&'a str, Backend, usize), Vec<(f64, f64)>>;

/// Groups the measurements into panels by class and gives every line its style.
fn panels(results: &[Measurement]) -> Vec<Panel<'_>> {
    let class_of = |name: &str| Algorithm::lookup(name).map_or(Class::CryptoHash, |a| a.class);
    let bar_at = bar_size(results);
    let mut out = Vec::new();
    for (class, heading) in CLASSES {
        let mine: Vec<&Measurement> = results
            .iter()
            .filter(|m| class_of(m.algorithm) == class && per_byte(m) > 0.0)
            .collect();
        if mine.is_empty() {
            continue;
        }
        let mut algs: Vec<(&str, usize, usize)> = Vec::new();
        let mut entries: Vec<(Backend, usize)> = Vec::new();
        let mut sizes: Vec<usize> = Vec::new();
        let mut series: Series<'_> = BTreeMap::new();
        for m in &mine {
            if !algs.iter().any(|a| a.0 == m.algorithm) {
                let i = algs.len();
                algs.push((
                    m.algorithm,
                    i % PALETTE.len(),
                    (i / PALETTE.len()) % DASHES.len(),
                ));
            }
            if !entries.contains(&(m.backend, m.lanes)) {
                entries.push((m.backend, m.lanes));
            }
            if !sizes.contains(&m.bytes) {
                sizes.push(m.bytes);
            }
            series
                .entry((m.algorithm, m.backend, m.lanes))
                .or_default()
                .push((m.bytes as f64, per_byte(m)));
        }
        entries.sort();
        sizes.sort_unstable();
        let marker = |e: (Backend, usize)| {
            MARKERS[entries.iter().position(|&x| x == e).unwrap_or(0) % MARKERS.len()]
        };
        let (mut y0, mut y1) = (f64::MAX, 0f64);
        let lines = series
            .into_iter()
            .map(|((alg, b, lanes), mut points)| {
                points.sort_by(|p, q| p.0.total_cmp(&q.0));
                for &(_, y) in &points {
                    y0 = y0.min(y);
                    y1 = y1.max(y);
                }
                let &(_, colour, dash) = algs.iter().find(|a| a.0 == alg).expect("listed");
                Line {
                    style: Style {
                        colour,
                        dash,
                        marker: marker((b, lanes)),
                    },
                    points,
                }
            })
            .collect();
        let mut bars: Vec<(&str, usize, f64, String)> = Vec::new();
        for &(alg, colour, _) in &algs {
            let best = mine
                .iter()
                .filter(|m| m.algorithm == alg && m.bytes == bar_at && m.lanes == 1)
                .max_by(|p, q| p.gb_per_s.total_cmp(&q.gb_per_s));
            if let Some(m) = best {
                bars.push((alg, colour, m.gb_per_s, m.backend_label()));
            }
        }
        bars.sort_by(|p, q| q.2.total_cmp(&p.2));
        let backends = entries
            .iter()
            .map(|&(b, lanes)| {
                let name = if lanes > 1 {
                    format!("{}x{lanes}", b.name())
                } else {
                    b.name().to_string()
                };
                (name, marker((b, lanes)))
            })
            .collect();
        out.push(Panel {
            heading,
            algs,
            backends,
            lines,
            bars,
            sizes,
            y_range: decades(y0, y1),
        });
    }
    out
}

impl Panel<'_> {
    /// Tall enough for the chart, for every legend row and for every bar.
    fn height(&self) -> u32 {
        let rows = self.algs.len().max(self.backends.len()) as i32;
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

/// Renders the measurements as an SVG document.
///
/// # Errors
/// Nothing to plot, or a drawing error (reported as text).
pub fn render_svg(results: &[Measurement], title: &str, y_label: &str) -> Result<String, String> {
    let panels = panels(results);
    if panels.is_empty() {
        return Err("no measurement to plot".into());
    }
    let height = TITLE_H + panels.iter().map(Panel::height).sum::<u32>();
    let bar_at = khsum::tools::measure::format_size(bar_size(results));
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
        let err = |e: &dyn std::fmt::Display| e.to_string();
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
            draw_panel(&root, &area, p, y_label, &bar_at)?;
            top += h;
        }
        root.present().map_err(|e| err(&e))?;
    }
    Ok(apply_dashes(&svg))
}

/// Draws one panel into `area` (markers on `root`, in its pixels).
fn draw_panel<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    area: &DrawingArea<DB, Shift>,
    p: &Panel<'_>,
    y_label: &str,
    bar_at: &str,
) -> Result<(), String> {
    let parts = area.split_by_breakpoints([CHART_W, CHART_W + LEGEND_W], [] as [u32; 0]);
    draw_chart(root, &parts[0], p, y_label)?;
    draw_legend(&parts[1], p)?;
    draw_bars(&parts[2], p, bar_at)
}

/// A line's stroke: its colour, faded by its dash class, at `width` pixels.
fn stroke(colour: usize, dash: usize, width: u32) -> ShapeStyle {
    PALETTE[colour].mix(dash_opacity(dash)).stroke_width(width)
}

fn err(e: &dyn std::fmt::Display) -> String {
    e.to_string()
}

/// The chart of one panel: log-log axes, one line per algorithm and backend, a marker
/// per point (drawn on `root`, in its pixels).
fn draw_chart<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart_area: &DrawingArea<DB, Shift>,
    p: &Panel<'_>,
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
            p.heading,
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
        let Style {
            colour,
            dash,
            marker,
        } = line.style;
        chart
            .draw_series(LineSeries::new(
                line.points.iter().copied(),
                stroke(colour, dash, 2),
            ))
            .map_err(|e| err(&e))?;
        for pt in &line.points {
            draw_marker(root, marker, PALETTE[colour], chart.backend_coord(pt))?;
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

/// The legend: algorithms (colour and dash), then backends (marker), side by side.
fn draw_legend<DB: DrawingBackend>(
    legend: &DrawingArea<DB, Shift>,
    p: &Panel<'_>,
) -> Result<(), String> {
    let text = ("sans-serif", 15);
    legend
        .draw(&Text::new("algorithm", (8, 14), bold(16)))
        .map_err(|e| err(&e))?;
    for (i, &(alg, colour, dash)) in p.algs.iter().enumerate() {
        let y = HEADER + ROW * i as i32;
        legend
            .draw(&PathElement::new(
                vec![(8, y), (52, y)],
                stroke(colour, dash, 4),
            ))
            .map_err(|e| err(&e))?;
        legend
            .draw(&Text::new(alg.to_string(), (60, y - 8), text))
            .map_err(|e| err(&e))?;
    }
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
    Ok(())
}

/// GB/s at the bar size, best single-stream backend, fastest first.
fn draw_bars<DB: DrawingBackend>(
    bar_area: &DrawingArea<DB, Shift>,
    p: &Panel<'_>,
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
            .draw(&Text::new(alg.to_string(), (8, y - 7), ("sans-serif", 13)))
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

    #[test]
    fn one_panel_per_class_and_no_two_lines_alike() {
        let results = everything();
        let panels = panels(&results);
        let headings: Vec<&str> = panels.iter().map(|p| p.heading).collect();
        assert_eq!(
            headings,
            [
                "cryptographic hashes",
                "checksums (no security)",
                "keyed MACs",
                "universal hashes (keyed; not a MAC alone)"
            ]
        );
        for (p, (class, _)) in panels.iter().zip(CLASSES) {
            let want: Vec<&str> = Algorithm::all()
                .iter()
                .filter(|a| a.class == class)
                .map(|a| a.name)
                .collect();
            let got: Vec<&str> = p.algs.iter().map(|a| a.0).collect();
            assert_eq!(got, want, "{}", p.heading);
            // Each algorithm its own colour and dash; each backend its own marker; so
            // each line its own style.
            let mut swatches: Vec<(usize, usize)> = p.algs.iter().map(|a| (a.1, a.2)).collect();
            swatches.sort_unstable();
            swatches.dedup();
            assert_eq!(
                swatches.len(),
                p.algs.len(),
                "{}: swatches repeat",
                p.heading
            );
            let mut markers: Vec<Marker> = p.backends.iter().map(|b| b.1).collect();
            markers.sort_unstable();
            markers.dedup();
            assert_eq!(
                markers.len(),
                p.backends.len(),
                "{}: markers repeat",
                p.heading
            );
            let mut styles: Vec<Style> = p.lines.iter().map(|l| l.style).collect();
            assert_eq!(styles.len(), want.len() * 7, "{}", p.heading);
            styles.sort_unstable();
            styles.dedup();
            assert_eq!(
                styles.len(),
                p.lines.len(),
                "{}: two lines alike",
                p.heading
            );
            // Bars at 1 MiB, single-stream, fastest first.
            assert_eq!(p.bars.len(), want.len());
            assert!(p.bars.windows(2).all(|w| w[0].2 >= w[1].2));
            assert!(p.bars.iter().all(|b| !b.3.contains('x')), "{:?}", p.bars);
        }
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
        let svg = render_svg(&results, "title", "cycles/byte").unwrap();
        let names: Vec<&str> = Algorithm::all().iter().map(|a| a.name).collect();
        assert_inside(&svg, &names);
        assert_inside(&svg, &["portablex8", "avx2x8", "sha-ni", "auto"]);
        // One data line per series, each algorithm one legend swatch per panel.
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let width = |w| {
            doc.descendants()
                .filter(|n| n.has_tag_name("polyline") && n.attribute("stroke-width") == Some(w))
                .count()
        };
        assert_eq!(width("2"), names.len() * 7);
        assert_eq!(width("4"), names.len());
        // Dashed strokes carry their pattern and no marker opacity is left.
        assert!(svg.contains("stroke-dasharray=\"10,5\""));
        assert!(!svg.contains("opacity=\"0.9"));
        // A panel per class present and no more: one algorithm alone, one panel.
        let one: Vec<Measurement> = results
            .iter()
            .filter(|m| m.algorithm == "crc32")
            .cloned()
            .collect();
        let svg = render_svg(&one, "title", "cycles/byte").unwrap();
        assert_inside(&svg, &["crc32", "checksums (no security)"]);
        assert!(!svg.contains("cryptographic hashes"));
        assert!(!svg.contains("sha256"));
    }
}
