// Package config reads the engine's configuration from flags and the
// environment. config/rendezvous.example.env documents every variable.
package config
