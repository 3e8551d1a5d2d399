package githubtest

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// page picks the slice bounds for ?page=&per_page= (default 30, at most
// 100, as on GitHub) out of n items and sets the Link header the way
// GitHub does, so clients must follow rel="next" to see everything.
func page(w http.ResponseWriter, r *http.Request, n int) (lo, hi int) {
	q := r.URL.Query()
	per, err := strconv.Atoi(q.Get("per_page"))
	if err != nil || per <= 0 {
		per = 30
	}
	per = min(per, 100)
	p, err := strconv.Atoi(q.Get("page"))
	if err != nil || p <= 0 {
		p = 1
	}
	last := max((n+per-1)/per, 1)
	link := func(pg int, rel string) string {
		q := r.URL.Query()
		q.Set("page", strconv.Itoa(pg))
		q.Set("per_page", strconv.Itoa(per))
		u := url.URL{Scheme: "http", Host: r.Host, Path: r.URL.Path, RawQuery: q.Encode()}
		return fmt.Sprintf("<%s>; rel=%q", u.String(), rel)
	}
	var links []string
	if p < last {
		links = append(links, link(p+1, "next"), link(last, "last"))
	}
	if p > 1 {
		links = append(links, link(1, "first"), link(p-1, "prev"))
	}
	if len(links) > 0 {
		w.Header().Set("Link", strings.Join(links, ", "))
	}
	lo = min((p-1)*per, n)
	hi = min(lo+per, n)
	return lo, hi
}
