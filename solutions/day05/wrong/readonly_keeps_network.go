// Wrong: Network is pl.Network, so --sandbox-net, meant for approved commands, lets a command allowed without asking send what it read anywhere.
// Exercise: 6
// Caught by: TestReadOnly, self-check "the read-only policy writes only to the devices, runs only what the gate judged, and opens no connection"
package sandbox

func (pl Places) ReadOnly(programs []string) Policy {
	p := Policy{Name: "read-only", Network: pl.Network}
	p.Rules = append(p.Rules, Rule{pl.Workspace, Read})
	p.Rules = append(p.Rules, each(pl.System, Read)...)
	p.Rules = append(p.Rules, each(pl.Devices, Read|Write)...)
	p.Rules = append(p.Rules, each(programs, Read|Execute)...)
	return p
}
