//! Tables of text: aligned columns for a terminal, pipes for markdown.

/// A table: a header and rows of cells, numbers right-aligned, the columns
/// listed in `left` left-aligned.
pub struct Table {
    pub header: Vec<&'static str>,
    pub left: Vec<usize>,
    pub rows: Vec<Vec<String>>,
}

impl Table {
    /// Columns padded to their widest cell, two spaces apart.
    pub fn text(&self) -> String {
        let mut widths: Vec<usize> = self.header.iter().map(|h| h.len()).collect();
        for row in &self.rows {
            for (width, cell) in widths.iter_mut().zip(row) {
                *width = (*width).max(cell.len());
            }
        }
        let mut out = String::new();
        let header: Vec<String> = self.header.iter().map(|h| h.to_string()).collect();
        for row in std::iter::once(&header).chain(&self.rows) {
            let cells: Vec<String> = row
                .iter()
                .zip(&widths)
                .enumerate()
                .map(|(i, (cell, &width))| {
                    if self.left.contains(&i) {
                        format!("{cell:<width$}")
                    } else {
                        format!("{cell:>width$}")
                    }
                })
                .collect();
            out.push_str(cells.join("  ").trim_end());
            out.push('\n');
        }
        out
    }

    /// A markdown table.
    pub fn markdown(&self) -> String {
        let mut out = format!("| {} |\n|", self.header.join(" | "));
        for i in 0..self.header.len() {
            out.push_str(if self.left.contains(&i) {
                "---|"
            } else {
                "---:|"
            });
        }
        out.push('\n');
        for row in &self.rows {
            out.push_str(&format!("| {} |\n", row.join(" | ")));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::Table;

    #[test]
    fn aligned_and_markdown() {
        let table = Table {
            header: vec!["side", "wins"],
            left: vec![0],
            rows: vec![vec!["goat".into(), "1,234".into()]],
        };
        assert_eq!(table.text(), "side   wins\ngoat  1,234\n");
        assert_eq!(
            table.markdown(),
            "| side | wins |\n|---|---:|\n| goat | 1,234 |\n"
        );
    }
}
