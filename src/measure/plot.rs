//! `khsum bench --plot FILE.svg`: cycles per byte (or ns per byte) against message size,
//! log-scaled on both axes. One colour per algorithm and one marker shape per backend, so
//! an algorithm's backends read as one family; x ticks exactly at the measured sizes; the
//! legend (algorithms, then backends) in its own column right of the data; the caller's
//! title names the CPU and the date. Drawn with the plotters crate's SVG backend: data
//! lines are 2 px wide, marker strokes 3 px and legend swatches 4 px (tests count them).

use super::Measurement;
use crate::backend::Backend;
use plotters::coord::Shift;
use plotters::prelude::*;
use std::collections::BTreeMap;

/// Distinct colours (Okabe–Ito, then Tableau), readable on white; the first seven also by
/// most colour-blind readers.
const PALETTE: [RGBColor; 14] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(0, 0, 0),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
    RGBColor(214, 39, 40),
    RGBColor(31, 119, 180),
];

/// Marker shapes, one per backend (by the backend's place in [`Backend::ALL`]), all
/// distinct, so no two backends share a shape on any machine.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
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

fn marker_of(b: Backend) -> Marker {
    let i = Backend::ALL.iter().position(|&x| x == b).unwrap_or(0);
    MARKERS[i % MARKERS.len()]
}

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

/// Renders the measurements as an SVG document.
///
/// # Errors
/// Nothing to plot, or a drawing error (reported as text).
pub fn render_svg(results: &[Measurement], title: &str, y_label: &str) -> Result<String, String> {
    // Keyed by backend and lanes: a multi-buffer kernel (`avx2x8`) is a series and a
    // legend entry of its own, with its backend's marker.
    type Series<'a> = BTreeMap<(&'a str, Backend, usize), Vec<(f64, f64)>>;
    let mut series: Series<'_> = BTreeMap::new();
    let mut algs: Vec<&str> = Vec::new();
    let mut backends: Vec<(Backend, usize)> = Vec::new();
    let mut sizes: Vec<usize> = Vec::new();
    for m in results {
        let y = m
            .cycles_per_byte
            .unwrap_or_else(|| 1.0 / m.gb_per_s.max(1e-12));
        if y > 0.0 {
            series
                .entry((m.algorithm, m.backend, m.lanes))
                .or_default()
                .push((m.bytes as f64, y));
            if !algs.contains(&m.algorithm) {
                algs.push(m.algorithm);
            }
            if !backends.contains(&(m.backend, m.lanes)) {
                backends.push((m.backend, m.lanes));
            }
            if !sizes.contains(&m.bytes) {
                sizes.push(m.bytes);
            }
        }
    }
    if series.is_empty() {
        return Err("no measurement to plot".into());
    }
    backends.sort();
    sizes.sort_unstable();
    let (mut y0, mut y1) = (f64::MAX, 0f64);
    for pts in series.values_mut() {
        pts.sort_by(|a, b| a.0.total_cmp(&b.0));
        for &(_, y) in pts.iter() {
            y0 = y0.min(y);
            y1 = y1.max(y);
        }
    }
    let (x0, x1) = (sizes[0] as f64 / 1.6, sizes[sizes.len() - 1] as f64 * 1.6);
    let (y0, y1) = (y0 / 1.5, y1 * 1.5);
    let color =
        |alg: &str| PALETTE[algs.iter().position(|a| *a == alg).unwrap_or(0) % PALETTE.len()];
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (1400, 820)).into_drawing_area();
        let err = |e: &dyn std::fmt::Display| e.to_string();
        root.fill(&WHITE).map_err(|e| err(&e))?;
        let root = root
            .titled(title, ("sans-serif", 22))
            .map_err(|e| err(&e))?;
        // The chart on the left, the legend in its own column on the right, so no line
        // is hidden behind it.
        let (left, right) = root.split_horizontally(1060);
        let ticks: Vec<f64> = sizes.iter().map(|&s| s as f64).collect();
        let mut chart = ChartBuilder::on(&left)
            .margin(16)
            .x_label_area_size(48)
            .y_label_area_size(80)
            .build_cartesian_2d(
                (x0..x1).log_scale().with_key_points(ticks),
                (y0..y1).log_scale(),
            )
            .map_err(|e| err(&e))?;
        chart
            .configure_mesh()
            .x_desc("message size")
            .y_desc(y_label)
            .x_label_formatter(&|x| super::format_size(x.round() as usize))
            .label_style(("sans-serif", 15))
            .axis_desc_style(("sans-serif", 17))
            .draw()
            .map_err(|e| err(&e))?;
        for (&(alg, backend, _), pts) in &series {
            let c = color(alg);
            chart
                .draw_series(LineSeries::new(pts.iter().copied(), c.stroke_width(2)))
                .map_err(|e| err(&e))?;
            // Each marker is drawn in pixels around its data point.
            macro_rules! markers {
                ($($shape:expr),+) => {
                    chart
                        .draw_series(pts.iter().map(|&p| EmptyElement::at(p) $(+ $shape)+))
                        .map_err(|e| err(&e))?
                };
            }
            match marker_of(backend) {
                Marker::Circle => markers!(Circle::new((0, 0), 5, c.filled())),
                Marker::Ring => markers!(Circle::new((0, 0), 5, c.stroke_width(2))),
                m @ (Marker::Cross | Marker::Plus) => {
                    let [a, b]: [Vec<(i32, i32)>; 2] = strokes(m).try_into().expect("two strokes");
                    markers!(
                        PathElement::new(a.clone(), c.stroke_width(3)),
                        PathElement::new(b.clone(), c.stroke_width(3))
                    )
                }
                m @ (Marker::HollowSquare | Marker::HollowTriangle) => {
                    let [a]: [Vec<(i32, i32)>; 1] = strokes(m).try_into().expect("one stroke");
                    markers!(PathElement::new(a.clone(), c.stroke_width(3)))
                }
                m => markers!(Polygon::new(polygon(m), c.filled())),
            };
        }
        let text = ("sans-serif", 15);
        let mut y = 24;
        right
            .draw(&Text::new(
                "algorithm",
                (12, y - 8),
                ("sans-serif", 16).into_font().style(FontStyle::Bold),
            ))
            .map_err(|e| err(&e))?;
        for alg in &algs {
            y += 24;
            right
                .draw(&PathElement::new(
                    vec![(12, y), (44, y)],
                    color(alg).stroke_width(4),
                ))
                .map_err(|e| err(&e))?;
            right
                .draw(&Text::new(alg.to_string(), (54, y - 8), text))
                .map_err(|e| err(&e))?;
        }
        y += 40;
        right
            .draw(&Text::new(
                "backend",
                (12, y - 8),
                ("sans-serif", 16).into_font().style(FontStyle::Bold),
            ))
            .map_err(|e| err(&e))?;
        for &(b, lanes) in &backends {
            y += 24;
            draw_marker(&right, marker_of(b), BLACK, (28, y))?;
            let name = if lanes > 1 {
                format!("{}x{lanes}", b.name())
            } else {
                b.name().to_string()
            };
            right
                .draw(&Text::new(name, (54, y - 8), text))
                .map_err(|e| err(&e))?;
        }
        root.present().map_err(|e| err(&e))?;
    }
    Ok(svg)
}

/// Today's date (UTC) as `YYYY-MM-DD`, for plot titles.
pub fn today_utc() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (the days-to-civil
/// conversion of the Gregorian calendar's 400-year cycle).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_779), (2026, 11, 22));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
    }

    #[test]
    fn every_backend_has_its_own_marker() {
        for (i, &a) in Backend::ALL.iter().enumerate() {
            for &b in &Backend::ALL[i + 1..] {
                assert_ne!(marker_of(a), marker_of(b), "{a} and {b}");
            }
        }
    }
}
