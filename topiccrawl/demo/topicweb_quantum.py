"""A held-out topical web in English on quantum computing, written without looking at the crawler.

Nine hosts, one loopback address each (127.0.0.41 ... 127.0.0.49)::

    technews   .41  "The Circuit": general tech news; quantum is one tag among many    (seed)
    science    .42  "Science Wire": science news; lots of quantum *physics*
    university .43  "Northfield University News": departments, a physics department
    markets    .44  "MarketPulse": stocks, deals; IonQ and friends, Quantum Corp (storage)
    secblog    .45  "Threat Vector": a WordPress security blog; post-quantum cryptography
    hpc        .46  "HPC Frontline": supercomputers, GPUs, cloud                        (seed)
    forum      .47  "The Workbench": a Discourse-style forum; threads with reply pages
    wiki       .48  "OpenPedia": an encyclopedia
    consumer   .49  "Good Gear & Living": TVs (quantum dots), wellness (quantum healing),
                    films (Quantum of Solace), "quantum leap" products                    (seed)

Ground truth is the subject the generator picked for each article before writing it
(:data:`topicweb_quantum_vocab.ON_TOPIC`, the ``qc_*`` subjects), not the words on the page.
On-topic: quantum computing hardware (superconducting, trapped ions, photonics, neutral
atoms), algorithms, error correction, advantage claims, software, the industry (funding,
earnings, contracts and stock stories *about* a quantum-computing company) and national
programmes; on the security blog, articles whose subject is what quantum computers can break
and when (Shor resource estimates, Q-Day timelines). Off-topic, although a word count would
say otherwise: post-quantum cryptography migration and standards (classical algorithms),
quantum key distribution, quantum physics and quantum materials research, quantum chemistry on
classical supercomputers, market round-ups that list IonQ among ten movers, Quantum Corp,
quantum dots, quantum healing, Quantum of Solace, "quantum leap" marketing, and off-topic
articles with a passing mention of quantum computing. :attr:`QuantumWeb.borderline` lists the
canonical URLs of the arguable ones with the reason.

:attr:`QuantumWeb.targets`: canonical URLs of on-topic articles, plus the reply pages
(``?page=n``) of on-topic forum threads. AMP, print and WordPress comment-page copies are not
targets; :attr:`QuantumWeb.duplicates` maps them to their canonical URL. Comment pages of the
tech site are not targets either (readers' chatter).

Realistic difficulties: seeds on hosts with few on-topic pages; mega-menus, identical
"Trending" sidebars, tag clouds and big footers on every page (the tech site links its
"Quantum" tag from every page, the HPC site its keyword-built "Quantum" topic page, which also
collects Quantum Corp and quantum chemistry); opaque URLs (``/2024/11/03/ab12cd/``,
``/article?id=18812``, ``/p/8f3a2c``, ``/news/20241103/a1b2c3``) more often than slugs; anchors
that are titles only sometimes, else "Read more", "»", a number, or an image with or without
alt text; redirects (``/out?u=``, ``/r?id=``, ``/?p=``, ``/t/<id>``); long paginations (some
with only "Older posts" or "Load more"), date archives, author and tag pages; topical locality
of related links that is strong but not perfect; hard positives written without the word
"quantum" (``Quantinuum H2 reaches 56 fully connected qubits``, surface-code thresholds).

Deterministic for ``(size, seed)``; pages are rendered on demand. Layout and HTML are in
:mod:`topiccrawl.demo.topicweb_quantum_pages`, subjects, templates and names in
:mod:`topiccrawl.demo.topicweb_quantum_vocab`.

Use it like :class:`topiccrawl.demo.topicweb.TopicWeb`::

    web = QuantumWeb(size=8000, seed=1998)
    fw = FixtureWeb(web.sites(), web.hosts()).start()  # binds the web to the servers' URLs
    web.seed_urls(), web.targets, web.borderline, web.duplicates, web.labels
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from datetime import timedelta
from urllib.parse import quote

from topiccrawl.demo import topicweb_quantum_vocab as V
from topiccrawl.demo.server import Reply, SiteRequest, html, not_found, redirect
from topiccrawl.demo.topicweb import HostSite
from topiccrawl.demo.topicweb_quantum_pages import (
    DAYS,
    HOSTS,
    PROFILES,
    START,
    STATIC,
    WIKI_SAFE,
    Article,
    HostProfile,
    Renderer,
    entities,
    fill,
    norm_target,
    pick,
    slugify,
)


class QuantumWeb(Renderer):
    """The whole web: articles, list pages and home pages of every host, with ground truth."""

    def __init__(self, size: int = 8000, seed: int = 1998) -> None:
        self.size, self.seed = size, seed
        self.articles: list[Article] = []
        self.lists: dict[str, dict[str, list[int]]] = {p.name: {} for p in HOSTS}
        self.routes: dict[str, dict[str, tuple[str, object, int]]] = {p.name: {} for p in HOSTS}
        self.trending: dict[str, list[int]] = {}
        self.base_urls: dict[str, str] = {}
        self._chrome_cache: dict[str, tuple[str, str, str]] = {}
        self._navboxes: dict[str, list[int]] = {}
        self._build(random.Random(seed))

    # -- generation ------------------------------------------------------------------------
    def _build(self, rng: random.Random) -> None:
        counts = {p.name: max(1, round(self.size * p.share)) for p in HOSTS}
        counts["technews"] += self.size - sum(counts.values())
        drafts: list[Article] = []
        for prof in HOSTS:
            drafts += (
                self._wiki_drafts(rng, counts[prof.name]) if prof.name == "wiki" else self._drafts(rng, prof, counts)
            )
        drafts.sort(key=lambda a: ([p.name for p in HOSTS].index(a.host), a.day))
        taken: set[tuple[str, str]] = set()
        authors = [f"{f.lower()}-{last.lower()}" for f, last in (p.split() for p in V.PEOPLE[:24])]
        users = [f"{p.split()[0].lower()}_{p.split()[1][:3].lower()}{i % 97}" for i, p in enumerate(V.PEOPLE)]
        zipf = [1 / (i + 1) for i in range(len(users))]
        keys: set[str] = set()
        for i, a in enumerate(drafts):
            a.idx, a.num = i, 1000 + 3 * i + rng.randrange(3)
            while not a.key or a.key in keys:
                a.key = f"{rng.getrandbits(24):06x}"
            keys.add(a.key)
            a.path = self._path(a, rng, taken)
            a.tags = self._tags(a, rng)
            a.author = rng.choices(users, zipf)[0] if a.host == "forum" else rng.choices(authors, zipf[:24])[0]
            if a.host == "forum":
                a.pages = rng.choices((1, 2, 3, 4, 6), (70, 18, 7, 3, 2))[0]
            elif a.host in ("technews", "secblog"):
                a.pages = rng.choices((0, 1, 2, 3), (40, 45, 10, 5))[0]
            self.articles.append(a)
            self._index(a)
        self._link_up(rng)
        for prof in HOSTS:
            self._finish(rng, prof.name)

    def _drafts(self, rng: random.Random, prof: HostProfile, counts: dict[str, int]) -> list[Article]:
        """Articles of a host before they get ids: section, subject (hence the label), title, date."""
        out, used = [], set()
        for _ in range(counts[prof.name]):
            sec = rng.choices(prof.sections, [s[2] for s in prof.sections])[0]
            subject = rng.choices(list(sec[3]), list(sec[3].values()))[0]
            jargon = subject in V.ON_TOPIC and rng.random() < prof.jargon
            titles = V.SUBJECTS[subject][0]
            if prof.name == "forum":  # questions, or a headline someone posted
                titles = V.FORUM_TITLES[subject] if subject in V.FORUM_TITLES and rng.random() < 0.8 else titles
            cast = self._cast(rng, jargon)
            ents = entities(cast)
            title = next((t for t in (pick(rng, titles, jargon, ents) for _ in range(6)) if t and t not in used), "")
            if not title:
                title = pick(rng, titles, jargon, ents) or pick(rng, titles, False, ents)
                jargon = jargon and "quantum" not in title.lower()
            base, tries = title, 0
            while title in used:  # the same story again: vary the headline as a desk would
                tries += 1
                title = self._vary(rng, base if tries < 30 else title, prof.name == "forum")
            used.add(title)
            day = START + timedelta(rng.randrange(DAYS))
            out.append(Article(0, prof.name, sec[0], subject, title, day, jargon, cast))
        return out

    @staticmethod
    def _cast(rng: random.Random, jargon: bool) -> int:
        """A seed of entities; for a text without the word "quantum", entities without it."""
        while True:
            cast = rng.getrandbits(32)
            if not jargon or "quantum" not in " ".join(entities(cast).values()).lower():
                return cast

    @staticmethod
    def _vary(rng: random.Random, title: str, forum: bool) -> str:
        if forum:
            return f"{title} {rng.choice(V.FORUM_SUFFIXES)}"
        if rng.random() < 0.5:
            return f"{rng.choice(V.TITLE_PREFIXES)} {title}"
        suffix = fill(rng.choice(V.TITLE_SUFFIXES), rng)
        return title + (suffix if suffix[0] in ",:" else f" {suffix}")

    def _finish(self, rng: random.Random, host: str) -> None:
        """Trending sidebar, sorted lists and the routes of list, home and furniture pages."""
        prof = PROFILES[host]
        own = [a.idx for a in self.articles if a.host == host]
        self.trending[host] = rng.sample(own, min(8, len(own)))
        for key, items in self.lists[host].items():
            if host == "wiki":
                items.sort(key=lambda j: self.articles[j].title)
            else:
                items.sort(key=lambda j: (self.articles[j].day, j), reverse=True)
            for n in range(1, (len(items) - 1) // prof.per_page + 2):
                self._route(host, self.list_url(host, key, n), ("list", key, n))
        self._route(host, "/", ("goto", "/wiki/Main_Page", 1) if host == "wiki" else ("home", host, 1))
        for page in STATIC:
            self._route(host, f"/{page}/", ("static", page, 1))
        if host in ("technews", "science"):
            self._route(host, "/archive/", ("archive", "", 1))
        for slug, *_ in prof.sections if host == "university" else ():
            self._route(host, f"/departments/{slug}/", ("dept", slug, 1))
        if host == "wiki":
            self._route(host, "/wiki/Main_Page", ("home", host, 1))

    def _wiki_drafts(self, rng: random.Random, n: int) -> list[Article]:
        def subject(title: str, family: str) -> str:
            rules = V.WIKI_RULES[family]
            return next((s for pat, s in rules if re.search(pat, title)), rules[-1][1])

        first, last = V.FIRST_NAMES.split(), V.LAST_NAMES.split()
        names = rng.sample([f"{f} {la}" for f in first for la in last], min(400, len(first) * len(last)))
        qc = [(t, subject(t, "qc"), False) for t in V.WIKI_QC_TITLES]
        products = (("ion_co", "ion_sys", "qc_trapped_ion"), ("atom_co", "atom_sys", "qc_neutral_atom"),
                    ("photo_co", "photo_sys", "qc_photonic"), ("sc_co", "sc_chip", "qc_superconducting"))  # fmt: skip
        for co, system, subj in products:
            qc += [(f"{c} {s}", subj, False) for c in V.SLOTS[co][:3] for s in V.SLOTS[system][:3]]
        n_qc = max(1, round(n * 0.17))
        qc += [
            (f"{names.pop()} (physicist)", rng.choice(sorted(V.ON_TOPIC)), True) for _ in range(max(80, n_qc - len(qc)))
        ]
        other = [(t, subject(t, "other"), False) for t in V.WIKI_QPHYS_TITLES + V.WIKI_QWORD_TITLES]
        other += [(t, s, False) for s, titles in V.WIKI_MISC.items() for t in titles]
        other += [(f"{names.pop()} (physicist)", "quantum_physics", True) for _ in range(30)]
        pool = qc[:n_qc] + other[: max(0, n - n_qc)]
        made = {}  # towns, species and albums: shuffled combinations of name parts
        for kind, fmt in (("town", "{}, {}"), ("species", "{} {}"), ("album", "{} {} (album)")):
            a, b = (p.split() for p in V.WIKI_GENERAL_PARTS[kind])
            made[kind] = [fmt.format(x, y) for x in a for y in b]
            rng.shuffle(made[kind])
        kinds = ("town", "species", "album", "bio")
        while len(pool) < n:
            kind = kinds[len(pool) % 4]
            if kind == "bio":
                pool.append((names.pop() if names else f"John Doe {len(pool)}", "wiki_bio", True))
            else:
                pool.append((made[kind].pop() if made[kind] else f"{kind.title()} {len(pool)}", f"wiki_{kind}", False))
        seen: set[str] = set()
        drafts = []
        for name, subj, bio in pool[:n]:
            title = f"{name} ({len(seen)})" if name in seen else name
            seen.add(title)
            jargon = subj in V.ON_TOPIC and rng.random() < PROFILES["wiki"].jargon
            drafts.append(
                Article(0, "wiki", "bio" if bio else "entry", subj, title, START, jargon, self._cast(rng, jargon))
            )
        return drafts

    def _path(self, a: Article, rng: random.Random, taken: set[tuple[str, str]]) -> str:
        y, m, d, slug = a.day.year, a.day.month, a.day.day, slugify(a.title)
        path = {
            "technews": f"/{y}/{m:02d}/{d:02d}/{slug if rng.random() < 0.35 else a.key}/",
            "science": f"/article?id={a.num}",
            "university": f"/news/{y}/{slug}",
            "markets": f"/news/{y}{m:02d}{d:02d}/{a.key}",
            "secblog": f"/{y}/{m:02d}/{slug}/",
            "hpc": f"/p/{a.key}",
            "forum": f"/t/{slug}/{a.num}",
            "wiki": "/wiki/" + quote(a.title.replace(" ", "_"), safe=WIKI_SAFE),
            "consumer": f"/{a.section}/{slug}-{a.num}" if rng.random() < 0.6 else f"/story/{a.num}",
        }[a.host]
        if (a.host, path) in taken:
            path = path.rstrip("/") + f"-{a.num}" + ("/" if path.endswith("/") else "")
        taken.add((a.host, path))
        return path

    def _tags(self, a: Article, rng: random.Random) -> tuple[str, ...]:
        if a.host == "wiki":
            if a.section == "bio":
                return (V.WIKI_BIO_CATEGORY.get(a.family, "People"), "Living people")
            return (V.WIKI_CATEGORY.get(a.subject, "Articles"),)
        if a.host == "markets":
            found = {t for name, t in V.TICKERS.items() if name in a.title} | set(
                re.findall(r"\b[A-Z]{3,5}\b", a.title)
            )
            return tuple(sorted(found & (set(V.TICKERS.values()) | set(V.SLOTS["ticker"] + V.SLOTS["ticker2"]))))
        own = V.SUBJECTS[a.subject][2]
        tags = set(rng.sample(own, min(len(own), rng.randint(1, 3))))
        if a.host in ("technews", "hpc") and "quantum" in a.title.lower():
            tags.add("quantum")  # keyword auto-tagging, as many CMSs do
        return tuple(sorted(tags))

    def _index(self, a: Article) -> None:
        h, lists = a.host, self.lists[a.host]
        tags = [f"tag:{t}" for t in a.tags if h != "hpc" or t == "quantum"]
        month = f"month:{a.day:%Y/%m}"
        keys = {"technews": ["all", month, f"day:{a.day:%Y/%m/%d}", f"author:{a.author}", *tags],
                "science": [month], "university": ["all"], "markets": tags, "hpc": ["all", *tags],
                "secblog": ["all", month, *tags], "forum": ["all", f"user:{a.author}", *tags],
                "wiki": [f"sec:{t.replace(' ', '_')}" for t in a.tags]}.get(h, [])  # fmt: skip
        keys += [f"sec:{a.section}"] if h != "wiki" else []
        for key in keys:
            lists.setdefault(key, []).append(a.idx)
        self._route(h, a.path, ("article", a.idx, 1))
        if h == "technews":
            self._route(h, "/amp" + a.path, ("amp", a.idx, 1))
            for n in range(1, a.pages + 1):
                self._route(h, a.path + "comments/" + (f"?page={n}" if n > 1 else ""), ("comments", a.idx, n))
        elif h == "science":
            self._route(h, a.path + "&print=1", ("print", a.idx, 1))
        elif h == "markets":
            self._route(h, f"/print/{a.key}", ("print", a.idx, 1))
            self._route(h, f"/r?id={a.key}&src=popular", ("redirect", a.idx, 1))
        elif h == "secblog":
            self._route(h, f"/?p={a.num}", ("redirect", a.idx, 1))
            for n in range(2, a.pages + 1):
                self._route(h, a.path + f"comment-page-{n}/", ("wpcomments", a.idx, n))
        elif h == "hpc":
            self._route(h, a.path + "?amp=1", ("amp", a.idx, 1))
        elif h == "forum":
            self._route(h, f"/t/{a.num}", ("redirect", a.idx, 1))
            for n in range(2, a.pages + 1):
                self._route(h, f"{a.path}?page={n}", ("article", a.idx, n))
        elif h == "wiki":
            title = quote(a.title.replace(" ", "_"), safe=WIKI_SAFE)
            self._route(h, f"/w/index.php?title={title}&printable=yes", ("print", a.idx, 1))
            self._route(h, f"/w/index.php?title={title}&action=history", ("history", a.idx, 1))

    def _link_up(self, rng: random.Random) -> None:
        """Related links (topical locality, imperfect) and links to other hosts."""
        by_fam: dict[tuple[str, str], list[int]] = {}
        by_sec: dict[tuple[str, str], list[int]] = {}
        by_host: dict[str, list[int]] = {}
        fam_all: dict[str, list[int]] = {}
        for a in self.articles:
            by_fam.setdefault((a.host, a.family), []).append(a.idx)
            by_sec.setdefault((a.host, a.section), []).append(a.idx)
            by_host.setdefault(a.host, []).append(a.idx)
            fam_all.setdefault(a.family, []).append(a.idx)
        everything = [a.idx for a in self.articles]
        for a in self.articles:
            want = 8 if a.host == "wiki" else rng.randint(3, 6)
            for _ in range(want * 3):
                r = rng.random()
                if r < 0.5:
                    pool = by_fam[(a.host, a.family)]
                elif r < 0.6 and a.family in V.NEIGHBOURS:
                    pool = by_fam.get((a.host, rng.choice(V.NEIGHBOURS[a.family])), by_host[a.host])
                elif r < 0.8:
                    pool = by_sec[(a.host, a.section)]
                else:
                    pool = by_host[a.host]
                j = rng.choice(pool)
                if j != a.idx and j not in a.related:
                    a.related.append(j)
                if len(a.related) >= want:
                    break
            for _ in range(rng.choices((0, 1, 2, 3), (20, 45, 25, 10))[0]):
                pool = fam_all[a.family] if rng.random() < 0.6 else everything
                j = rng.choice(pool)
                if self.articles[j].host != a.host and j not in a.outbound:
                    a.outbound.append(j)

    # -- ground truth ----------------------------------------------------------------------
    def bind(self, base_urls: Mapping[str, str]) -> None:
        self.base_urls = dict(base_urls)
        self._chrome_cache.clear()

    @property
    def targets(self) -> set[str]:
        """Canonical URLs of on-topic articles, and the reply pages of on-topic forum threads."""
        out = set()
        for a in self.articles:
            if a.on_topic:
                out.add(self.url(a.host, a.path))
                out.update(self.url(a.host, f"{a.path}?page={n}") for n in range(2, a.pages + 1) if a.host == "forum")
        return out

    @property
    def labels(self) -> dict[str, str]:
        """Canonical URL -> subject of every article (``qc_*`` subjects are on-topic)."""
        return {self.url(a.host, a.path): a.subject for a in self.articles}

    @property
    def borderline(self) -> dict[str, str]:
        """Canonical URLs of arguable off-topic articles -> why they are arguable."""
        return {self.url(a.host, a.path): V.BORDERLINE[a.subject] for a in self.articles if a.subject in V.BORDERLINE}

    @property
    def duplicates(self) -> dict[str, str]:
        """AMP, print and comment-page copies -> canonical URL."""
        out = {}
        for host, routes in self.routes.items():
            for target, (kind, idx, _) in routes.items():
                if kind in ("amp", "print", "wpcomments"):
                    a = self.articles[idx]  # type: ignore[index]
                    out[self.url(host, target)] = self.url(a.host, a.path)
        return out

    def seed_urls(self) -> list[str]:
        """The crawl's seeds: home pages of the general tech, HPC and consumer sites."""
        return [self.url(p.name, "/") for p in HOSTS if p.seed]

    def sites(self) -> dict[str, HostSite]:
        return {p.name: HostSite(self, p.name) for p in HOSTS}

    def hosts(self) -> dict[str, str]:
        """Loopback address per host: 127.0.0.41 ... 127.0.0.49."""
        return {p.name: p.address for p in HOSTS}

    # -- URLs --------------------------------------------------------------------------------
    def _route(self, host: str, target: str, spec: tuple[str, object, int]) -> None:
        self.routes[host][norm_target(target)] = spec

    def handle(self, host: str, request: SiteRequest) -> Reply:
        path = request.path
        if path in ("/robots.txt", "/static/site.css") or path.startswith("/img/"):
            return self.render_asset(host, path)
        if path == "/out":  # the news sites' outbound redirect
            u = request.param("u") or ""
            return redirect(u) if any(u.startswith(b + "/") for b in self.base_urls.values()) else not_found()
        spec = self.routes[host].get(norm_target(request.target))
        if spec is None:
            return not_found()
        kind, key, n = spec
        if kind == "redirect":
            a = self.articles[int(str(key))]
            return redirect(self.url(a.host, a.path), 302 if host == "markets" else 301)
        if kind == "goto":
            return redirect(str(key), 301)
        return html(self.render(host, kind, key, n))
