#![allow(dead_code)]
//! Helpers shared by the table tests: small rule sets, quiet options, paths.

pub mod tables;
