//! `khsum bench`: runs the library's measurements over algorithm × backend × size and
//! prints them as a table, JSON or CSV (and optionally an SVG plot).

use crate::plan::{BenchPlan, Format};
use crate::report::{Out, Status};
use khsum::Backend;
use khsum::tools::measure::{self, Budget, Counter, CounterKind, Measurement};
use std::io::{IsTerminal, Write};
use std::time::Duration;

fn progress(done: usize, total: usize, what: &str) {
    let width = 30;
    let filled = done * width / total.max(1);
    let mut e = std::io::stderr().lock();
    let _ = write!(
        e,
        "\r[{}{}] {done}/{total} {what:<40}",
        "#".repeat(filled),
        " ".repeat(width - filled)
    );
    let _ = e.flush();
}

pub fn run(plan: BenchPlan) -> Status {
    // A report that cannot be written is an error now, not after minutes of measuring.
    let mut out = Out::new();
    if !out.check_open() {
        return out.finish(Status::Ok);
    }
    let show_progress = std::io::stderr().is_terminal();
    let cpu = measure::cpu_info(if plan.budget == Budget::QUICK {
        Duration::from_millis(20)
    } else {
        Duration::from_millis(100)
    });
    let mut counter = Counter::new();
    let mut results: Vec<Measurement> = Vec::new();
    let total = plan.cases.len();
    for (i, &(a, b, s, keyed)) in plan.cases.iter().enumerate() {
        if show_progress {
            progress(
                i,
                total,
                &format!(
                    "{} {} {} {}",
                    a.name,
                    key_word(keyed),
                    b,
                    measure::format_size(s)
                ),
            );
        }
        match measure::measure(a, b, s, keyed, &mut counter, plan.budget) {
            Ok(m) => results.push(m),
            Err(e) => crate::report::warn(&format!("bench: {} on {b}: {e}", a.name)),
        }
    }
    results.extend(multi_buffer(&plan, &mut counter, show_progress));
    let mut threaded: Vec<(&'static str, Backend, usize, f64, f64)> = Vec::new();
    if let Some(n) = plan.threads {
        let mut seen = Vec::new();
        for &(a, ..) in &plan.cases {
            if seen.contains(&a.name) {
                continue;
            }
            seen.push(a.name);
            if show_progress {
                progress(total, total, &format!("{} with {n} threads", a.name));
            }
            let bytes = 1 << 20;
            let inputs = 4 * n.max(2);
            let one = measure::parallel_throughput(a, 1, inputs, bytes);
            let many = measure::parallel_throughput(a, n, inputs, bytes);
            match (one, many) {
                (Ok(x), Ok(y)) => threaded.push((a.name, a.best_backend(), n, x, y)),
                (Err(e), _) | (_, Err(e)) => {
                    crate::report::warn(&format!("bench: {} with {n} threads: {e}", a.name))
                }
            }
        }
    }
    if show_progress {
        let mut e = std::io::stderr().lock();
        let _ = write!(e, "\r{:<80}\r", "");
    }
    let kind = counter.kind();
    let text = match plan.format {
        Format::Json => json(&results, &threaded),
        Format::Csv => csv(&results, &threaded),
        Format::Table => table(&results, &threaded, &cpu, kind, plan.budget),
    };
    out.write(text.as_bytes());
    if let Some(path) = &plan.plot {
        let unit = match kind {
            CounterKind::Nanoseconds => "ns/byte",
            CounterKind::Tsc => "TSC cycles/byte",
            CounterKind::GenericTimer => "timer ticks/byte",
            CounterKind::PerfCycles => "core cycles/byte",
        };
        let title = format!(
            "khsum {} bench — {} — {}",
            env!("CARGO_PKG_VERSION"),
            cpu.model,
            khsum::tools::measure::today_utc()
        );
        let written =
            crate::plot::render_svg(&results, &title, unit, plan.plot_all).and_then(|svg| {
                std::fs::write(path, svg).map_err(|e| khsum::files::io::describe_io_error(&e))
            });
        if let Err(e) = written {
            out.warn(&format!("{}: {e}", path.display()));
            return out.finish(Status::Failed);
        }
    }
    let noisy = results.iter().filter(|m| m.noisy()).count();
    if noisy > 0 {
        out.warn(&format!(
            "warning: {noisy} of {} figures varied by more than 10% between samples (marked '!'): the machine is busy or its clock is changing; rerun on a quiet machine before trusting them",
            results.len()
        ));
    }
    out.finish(Status::Ok)
}

/// The multi-buffer kernels (MD5, SHA-256, SHA-512, BLAKE3 in SIMD lanes: `khsum::alg::lanes`) of the
/// measured algorithms, on every backend this CPU has, at the plan's sizes: rows named
/// like `md5 avx2x8`, in aggregate cycles per byte over equal-length messages in every
/// lane.
fn multi_buffer(plan: &BenchPlan, counter: &mut Counter, show_progress: bool) -> Vec<Measurement> {
    let mut results = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for &(a, ..) in &plan.cases {
        if a.read.lanes.is_none() || seen.contains(&a.name) {
            continue;
        }
        seen.push(a.name);
        // Each size once, in the plan's order: the cases hold it once per single-stream
        // backend.
        let mut sizes: Vec<usize> = Vec::new();
        for c in plan.cases.iter().filter(|c| c.0 == a) {
            if !sizes.contains(&c.2) {
                sizes.push(c.2);
            }
        }
        for b in khsum::alg::lanes::available_backends() {
            for &s in &sizes {
                if show_progress {
                    progress(
                        0,
                        1,
                        &format!("{} {b} lanes {}", a.name, measure::format_size(s)),
                    );
                }
                match measure::measure_multi_buffer(a, b, s, counter, plan.budget) {
                    Ok(m) => results.push(m),
                    Err(e) => crate::report::warn(&format!("bench: {} lanes on {b}: {e}", a.name)),
                }
            }
        }
    }
    results
}

/// How the KEY column names a row's keying.
fn key_word(keyed: bool) -> &'static str {
    if keyed { "keyed" } else { "none" }
}

fn build_profile() -> &'static str {
    if cfg!(debug_assertions) {
        "debug build: figures are not representative"
    } else {
        "release build"
    }
}

fn table(
    results: &[Measurement],
    threaded: &[(&'static str, Backend, usize, f64, f64)],
    cpu: &measure::CpuInfo,
    kind: CounterKind,
    budget: Budget,
) -> String {
    let mut s = String::new();
    s.push_str(&format!(
        "khsum {} ({}) bench\n",
        env!("CARGO_PKG_VERSION"),
        build_profile()
    ));
    s.push_str(&format!(
        "CPU:     {}, {} logical cores\n",
        cpu.model, cpu.logical_cores
    ));
    s.push_str(&format!("SIMD:    {}\n", cpu.features.join(" ")));
    if let Some(hz) = cpu.tsc_hz {
        s.push_str(&format!(
            "TSC:     {:.3} GHz (measured against the OS clock)\n",
            hz / 1e9
        ));
    }
    if let Some(hz) = cpu.timer_hz {
        s.push_str(&format!(
            "Timer:   CNTVCT_EL0 at {:.3} MHz (CNTFRQ_EL0)\n",
            hz / 1e6
        ));
    }
    s.push_str(&format!("Cycles:  {}\n", kind.describe()));
    s.push_str(&format!(
        "Method:  single thread, cache-resident buffer; median of {} samples after warm-up; ± = inter-quartile spread\n",
        budget.samples
    ));
    s.push_str(
        "Keys:    hashes unkeyed, MACs keyed; BLAKE3 both (KEY: none or keyed; a keyed copy is wiped after each message)\n\n",
    );
    s.push_str(&format!(
        "{:<16} {:<5} {:<12} {:>8} {:>12} {:>6} {:>9}\n",
        "ALGORITHM",
        "KEY",
        "BACKEND",
        "SIZE",
        match kind {
            CounterKind::Nanoseconds => "NS/BYTE",
            CounterKind::GenericTimer => "TICKS/BYTE",
            CounterKind::PerfCycles | CounterKind::Tsc => "CYCLES/BYTE",
        },
        "±",
        "GB/S"
    ));
    for m in results {
        let per_byte = m.cycles_per_byte.unwrap_or(1.0 / m.gb_per_s.max(1e-12));
        s.push_str(&format!(
            "{:<16} {:<5} {:<12} {:>8} {:>12.3} {:>5.0}%{} {:>8.2}\n",
            m.algorithm,
            key_word(m.keyed),
            m.backend_label(),
            measure::format_size(m.bytes),
            per_byte,
            m.spread * 100.0,
            if m.noisy() { "!" } else { " " },
            m.gb_per_s
        ));
    }
    if !threaded.is_empty() {
        s.push_str(&format!(
            "\nMany inputs (1 MiB each, one per task), GB/s:\n{:<16} {:<12} {:>9} {:>9} {:>8}\n",
            "ALGORITHM", "BACKEND", "1 THREAD", "N THREADS", "SCALING"
        ));
        for (a, b, n, one, many) in threaded {
            s.push_str(&format!(
                "{:<16} {:<12} {:>9.2} {:>9.2} {:>7.2}x  (N = {n})\n",
                a,
                b.name(),
                one,
                many,
                many / one.max(1e-12)
            ));
        }
    }
    s
}

/// Whether the many-input rows of `name` were keyed (only what needs a key is).
fn threaded_keyed(name: &str) -> bool {
    khsum::Algorithm::lookup(name).is_ok_and(|a| a.needs_key())
}

fn json_num(x: Option<f64>) -> String {
    match x {
        Some(v) if v.is_finite() => format!("{v:.6}"),
        _ => "null".into(),
    }
}

fn json(results: &[Measurement], threaded: &[(&'static str, Backend, usize, f64, f64)]) -> String {
    let mut items: Vec<String> = results
        .iter()
        .map(|m| {
            format!(
                "{{\"algorithm\":\"{}\",\"backend\":\"{}\",\"keyed\":{},\"bytes\":{},\"threads\":1,\"cycles_per_byte\":{},\"gb_per_s\":{},\"spread\":{},\"samples\":{},\"noisy\":{}}}",
                m.algorithm,
                m.backend_label(),
                m.keyed,
                m.bytes,
                json_num(m.cycles_per_byte),
                json_num(Some(m.gb_per_s)),
                json_num(Some(m.spread)),
                m.samples,
                m.noisy()
            )
        })
        .collect();
    for (a, b, n, _, many) in threaded {
        items.push(format!(
            "{{\"algorithm\":\"{a}\",\"backend\":\"{}\",\"keyed\":{},\"bytes\":{},\"threads\":{n},\"cycles_per_byte\":null,\"gb_per_s\":{},\"spread\":null,\"samples\":3,\"noisy\":false}}",
            b.name(),
            threaded_keyed(a),
            1 << 20,
            json_num(Some(*many))
        ));
    }
    format!("[\n{}\n]\n", items.join(",\n"))
}

fn csv(results: &[Measurement], threaded: &[(&'static str, Backend, usize, f64, f64)]) -> String {
    let mut s = String::from(
        "algorithm,backend,keyed,bytes,threads,cycles_per_byte,gb_per_s,spread,samples,noisy\n",
    );
    for m in results {
        s.push_str(&format!(
            "{},{},{},{},1,{},{:.6},{:.6},{},{}\n",
            m.algorithm,
            m.backend_label(),
            m.keyed,
            m.bytes,
            m.cycles_per_byte
                .map_or(String::new(), |c| format!("{c:.6}")),
            m.gb_per_s,
            m.spread,
            m.samples,
            m.noisy()
        ));
    }
    for (a, b, n, _, many) in threaded {
        s.push_str(&format!(
            "{a},{},{},{},{n},,{many:.6},,3,false\n",
            b.name(),
            threaded_keyed(a),
            1 << 20
        ));
    }
    s
}
