package ui

// terminalLine is how many bytes one line of a macOS terminal holds in
// canonical mode, its "\n" included (MAX_INPUT).
const terminalLine = 1024
