/// Typing-efficiency comparisons (filled in by the comparisons work).
