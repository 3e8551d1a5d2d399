package settings

import (
	"flag"
	"slices"
)

// Flags registers a string flag on fs for each setting of lists, its
// usage naming the variable it stands for, and returns the lookup of the
// ones given a value on the command line (Layers puts it before Env).
func Flags(fs *flag.FlagSet, lists ...[]Setting) Lookup {
	vals := map[string]*string{}
	for _, list := range lists {
		for _, s := range list {
			vals[s.Flag] = fs.String(s.Flag, "", s.Usage+" ["+s.Env+"]")
		}
	}
	return func(name string) (string, string) {
		if v, ok := vals[name]; ok && *v != "" {
			return *v, "--" + name
		}
		return "", ""
	}
}

// Given is the lookup of the flags of names that were given on fs's
// parsed command line, as their values print: for settings a command
// declares with flags of other types (gates' bare --mutate, a number for
// --mutate-max) rather than as Flags' strings.
func Given(fs *flag.FlagSet, names []string) Lookup {
	vals := map[string]string{}
	fs.Visit(func(fl *flag.Flag) {
		if slices.Contains(names, fl.Name) {
			vals[fl.Name] = fl.Value.String()
		}
	})
	return func(name string) (string, string) {
		if v, ok := vals[name]; ok {
			return v, "--" + name
		}
		return "", ""
	}
}
