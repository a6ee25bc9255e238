package ui

// terminalLine is how many bytes one line of a Linux terminal holds in
// canonical mode, its "\n" included: 4095 typed, then the line end.
const terminalLine = 4096
