module ply/day01

go 1.25.0
