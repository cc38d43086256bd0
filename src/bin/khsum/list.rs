//! `khsum list`: the registry, with the backend this CPU uses for each algorithm.

use crate::report::{Out, Status};
use khsum::{Algorithm, KeyRule, OutputRule};

pub fn run() -> Status {
    let mut out = Out::new();
    let mut s = format!(
        "{:<16} {:<10} {:<12} {:<9} {:<32} {}\n",
        "NAME", "KEY", "OUTPUT", "BACKEND", "AVAILABLE BACKENDS", "DESCRIPTION"
    );
    for a in Algorithm::all() {
        let key = match a.key {
            KeyRule::None => "none".to_string(),
            KeyRule::Fixed(n) => format!("{n} bytes"),
            KeyRule::Any => "any".to_string(),
            KeyRule::SameAsMessage => "=message".to_string(),
        };
        let output = match a.output {
            OutputRule::Fixed(n) => format!("{n} bytes"),
            OutputRule::Xof { default } => format!("{default}+ (XOF)"),
            OutputRule::Range { min, max, default } => format!("{default} ({min}..{max})"),
        };
        let avail: Vec<&str> = a.available_backends().iter().map(|b| b.name()).collect();
        s.push_str(&format!(
            "{:<16} {:<10} {:<12} {:<9} {:<32} {}\n",
            a.name,
            key,
            output,
            a.best_backend().name(),
            avail.join(","),
            a.summary
        ));
    }
    s.push_str(&format!(
        "\nCPU features ({}): {}\n",
        std::env::consts::ARCH,
        khsum::backend::detected_features().join(" ")
    ));
    out.write(s.as_bytes());
    out.finish(Status::Ok)
}
