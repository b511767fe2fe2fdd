// Package server wires the domain packages into the engine's HTTP surfaces:
// one route table for the member API, one for pages and assets.
package server
