package tenancy

// Waiting is how many lookups wait for a load now, so tests can await that
// a second caller has joined the first caller's load.
func (d *Directory) Waiting() int64 { return d.waiting.Load() }

// Made is how many settings answers c has serialised and compressed.
func (c *SettingsAnswers) Made() int64 { return c.made.Load() }

// RegistryLabels is the list of registers by country.
func RegistryLabels() map[string]string { return registryLabels }
