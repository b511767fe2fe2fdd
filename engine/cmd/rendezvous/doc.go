// Command rendezvous is the Rendezvous engine: one binary that serves every
// tenant's member site, landers, API and operators' console.
package main
