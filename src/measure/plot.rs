//! `khsum bench --plot FILE.svg`: cycles per byte (or ns per byte) against message size,
//! log-scaled on both axes, one line per algorithm × backend, with a legend and the CPU in
//! the title. Drawn with the plotters crate's SVG backend.

use super::Measurement;
use plotters::prelude::*;
use std::collections::BTreeMap;

/// Renders the measurements as an SVG document.
///
/// # Errors
/// Nothing to plot, or a drawing error (reported as text).
pub fn render_svg(results: &[Measurement], title: &str, y_label: &str) -> Result<String, String> {
    let mut series: BTreeMap<(String, String), Vec<(f64, f64)>> = BTreeMap::new();
    for m in results {
        let y = m
            .cycles_per_byte
            .unwrap_or_else(|| 1.0 / m.gb_per_s.max(1e-12));
        if y > 0.0 {
            series
                .entry((m.algorithm.to_string(), m.backend.name().to_string()))
                .or_default()
                .push((m.bytes as f64, y));
        }
    }
    if series.is_empty() {
        return Err("no measurement to plot".into());
    }
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, 0f64, f64::MAX, 0f64);
    for pts in series.values_mut() {
        pts.sort_by(|a, b| a.0.total_cmp(&b.0));
        for &(x, y) in pts.iter() {
            x0 = x0.min(x);
            x1 = x1.max(x);
            y0 = y0.min(y);
            y1 = y1.max(y);
        }
    }
    let (x0, x1) = (x0 / 1.5, x1 * 1.5);
    let (y0, y1) = (y0 / 1.5, y1 * 1.5);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (1400, 800)).into_drawing_area();
        let err = |e: &dyn std::fmt::Display| e.to_string();
        root.fill(&WHITE).map_err(|e| err(&e))?;
        let root = root
            .titled(title, ("sans-serif", 22))
            .map_err(|e| err(&e))?;
        // The chart on the left, the legend in its own column on the right, so no line
        // is hidden behind it.
        let (left, right) = root.split_horizontally(1080);
        let mut chart = ChartBuilder::on(&left)
            .margin(16)
            .x_label_area_size(48)
            .y_label_area_size(72)
            .build_cartesian_2d((x0..x1).log_scale(), (y0..y1).log_scale())
            .map_err(|e| err(&e))?;
        chart
            .configure_mesh()
            .x_desc("message size (bytes)")
            .y_desc(y_label)
            .x_label_formatter(&|x| super::format_size(x.round() as usize))
            .draw()
            .map_err(|e| err(&e))?;
        let n = series.len();
        for (i, ((alg, backend), pts)) in series.iter().enumerate() {
            let color = HSLColor(i as f64 / n as f64, 0.75, 0.42);
            chart
                .draw_series(LineSeries::new(pts.iter().copied(), color.stroke_width(2)))
                .map_err(|e| err(&e))?;
            chart
                .draw_series(pts.iter().map(|&p| Circle::new(p, 3, color.filled())))
                .map_err(|e| err(&e))?;
            let y = 30 + 22 * i as i32;
            right
                .draw(&PathElement::new(
                    vec![(10, y), (34, y)],
                    color.stroke_width(3),
                ))
                .map_err(|e| err(&e))?;
            right
                .draw(&Text::new(
                    format!("{alg} [{backend}]"),
                    (42, y - 7),
                    ("sans-serif", 14),
                ))
                .map_err(|e| err(&e))?;
        }
        root.present().map_err(|e| err(&e))?;
    }
    Ok(svg)
}
