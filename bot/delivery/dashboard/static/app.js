// autoverify dashboard: live updates (Server-Sent Events) and search.
// Progressive: every page reads without this script. It never writes
// HTML from strings: pages come from the server (already escaped) and
// search highlights are built with DOM nodes.
(function () {
  "use strict";

  function main() { return document.getElementById("main"); }

  // --- search in a run's items and output ---
  function clearMarks(root) {
    root.querySelectorAll("mark.hit").forEach(function (m) {
      m.replaceWith(document.createTextNode(m.textContent));
    });
    root.querySelectorAll("pre.output").forEach(function (p) { p.normalize(); });
  }

  function markText(el, needle) {
    var n = 0;
    var walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    var nodes = [];
    while (walker.nextNode()) nodes.push(walker.currentNode);
    nodes.forEach(function (node) {
      var text = node.nodeValue, lower = text.toLowerCase(), at = lower.indexOf(needle);
      if (at < 0) return;
      var frag = document.createDocumentFragment(), from = 0;
      while (at >= 0) {
        frag.appendChild(document.createTextNode(text.slice(from, at)));
        var mark = document.createElement("mark");
        mark.className = "hit";
        mark.textContent = text.slice(at, at + needle.length);
        frag.appendChild(mark);
        n++;
        from = at + needle.length;
        at = lower.indexOf(needle, from);
      }
      frag.appendChild(document.createTextNode(text.slice(from)));
      node.replaceWith(frag);
    });
    return n;
  }

  function search() {
    var input = document.getElementById("search");
    var list = document.getElementById("items");
    if (!input || !list) return;
    clearMarks(list);
    var needle = input.value.trim().toLowerCase();
    var hits = 0, shown = 0;
    list.querySelectorAll("li.item").forEach(function (li) {
      if (!needle) { li.hidden = false; return; }
      var found = li.textContent.toLowerCase().indexOf(needle) >= 0;
      li.hidden = !found;
      if (found) {
        shown++;
        hits += markText(li, needle);
        var d = li.querySelector("details");
        if (d && d.textContent.toLowerCase().indexOf(needle) >= 0) d.open = true;
      }
    });
    var count = document.getElementById("search-count");
    if (count) count.textContent = needle ? hits + " matches in " + shown + " items" : "";
  }

  function wireSearch() {
    var input = document.getElementById("search");
    if (input && !input.dataset.wired) {
      input.dataset.wired = "1";
      input.addEventListener("input", search);
    }
  }

  // --- live updates ---
  var pending = null, refreshing = false;

  function refresh() {
    var m = main();
    if (!m || !m.hasAttribute("data-live") || refreshing) return;
    refreshing = true;
    var open = [], query = "";
    m.querySelectorAll("details[open]").forEach(function (d) { if (d.id) open.push(d.id); });
    var input = document.getElementById("search");
    if (input) query = input.value;
    fetch(location.href, { credentials: "same-origin", headers: { "Accept": "text/html" } })
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.text(); })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var next = doc.getElementById("main");
        if (!next) return;
        var fresh = document.importNode(next, true);
        main().replaceWith(fresh);
        open.forEach(function (id) { var d = document.getElementById(id); if (d) d.open = true; });
        var inp = document.getElementById("search");
        if (inp) { inp.value = query; }
        wireSearch();
        search();
        document.body.dataset.refreshed = String(Number(document.body.dataset.refreshed || 0) + 1);
      })
      .catch(function () {})
      .then(function () { refreshing = false; });
  }

  function live() {
    if (!window.EventSource || !document.getElementById("live")) return;
    var es = new EventSource("/events");
    var badge = document.getElementById("live");
    es.addEventListener("open", function () { badge.hidden = false; });
    es.addEventListener("error", function () { badge.hidden = true; });
    es.addEventListener("change", function () {
      clearTimeout(pending);
      pending = setTimeout(refresh, 150);
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    wireSearch();
    live();
  });
})();
