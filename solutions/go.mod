module ply/solutions

go 1.25.0
