module calc

go 1.25
