// Package looks is what makes a brand look like itself beyond its theme:
// the layout variants it overrides (look.layout in its file), its own logo
// and icon (look.logo, look.icon, uploaded in the console), and the copy of
// its home (look.copy, per language, over the niche's defaults in the app's
// catalogues), so two brands on one theme neither look nor read alike.
package looks
