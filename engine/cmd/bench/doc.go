// Command bench runs the engine's benchmarks against the real binary
// (bin/rendezvous) on a throwaway PostgreSQL cluster and prints one
// `bench <name> <value> <unit>` line per figure. Load generators are bounded
// in time and connections: the machine has two cores.
package main
