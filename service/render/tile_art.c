/* tile_art.c -- see tile_art.h (how the square is cut).
 *
 * Contents: points and curves; ta_build() in steps (features -> halves,
 * runs and walls, roads and their ends, field sectors, anchors, pennants,
 * arms, the vineyard); the path builders; ta_draw() and its pieces. */
#include "tile_art.h"

#include <math.h>
#include <string.h>

/* ---- points and curves ------------------------------------------------- */

static const rd_pt centre = { 0.5, 0.5 };

static rd_pt pt(double x, double y)
{
    rd_pt p = { x, y };
    return p;
}

static rd_pt lerp(rd_pt a, rd_pt b, double t)
{
    return pt(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
}

static double dist(rd_pt a, rd_pt b)
{
    return hypot(a.x - b.x, a.y - b.y);
}

static rd_bez line(rd_pt a, rd_pt b)
{
    rd_bez z = { a, a, b, b };
    return z;
}

static rd_pt bez_at(const rd_bez *z, double t)
{
    double u = 1 - t;
    double a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t;
    return pt(a * z->p0.x + b * z->c1.x + c * z->c2.x + d * z->p3.x,
              a * z->p0.y + b * z->c1.y + c * z->c2.y + d * z->p3.y);
}

/* The first half of z (de Casteljau at t = 1/2). */
static rd_bez bez_first_half(const rd_bez *z)
{
    rd_pt ab = lerp(z->p0, z->c1, 0.5), bc = lerp(z->c1, z->c2, 0.5), cd = lerp(z->c2, z->p3, 0.5);
    rd_pt abc = lerp(ab, bc, 0.5), bcd = lerp(bc, cd, 0.5);
    rd_bez h = { z->p0, ab, abc, lerp(abc, bcd, 0.5) };
    return h;
}


rd_pt ta_perimeter(double s)
{
    s = fmod(s, 8);
    if (s < 0)
        s += 8;
    if (s <= 2)
        return pt(s / 2, 0);
    if (s <= 4)
        return pt(1, (s - 2) / 2);
    if (s <= 6)
        return pt(1 - (s - 4) / 2, 1);
    return pt(0, 1 - (s - 6) / 2);
}

/* Unit inward normal of edge d (N E S W). */
static rd_pt inward(int d)
{
    static const double nx[4] = { 0, -1, 0, 1 }, ny[4] = { 1, 0, -1, 0 };
    return pt(nx[d & 3], ny[d & 3]);
}

static rd_pt edge_mid(int d)
{
    return ta_perimeter(2 * d + 1);
}

rd_pt ta_rotate(rd_pt p, int q)
{
    for (int i = 0; i < (q & 3); i++)
        p = pt(1 - p.y, p.x);
    return p;
}

/* Half edges: the ring position of each (engine/loc.h) and back. */
static const int8_t ring_half[CC_RING_SIZE] = { -1, 1, 2, -1, 3, 4, -1, 5, 6, -1, 7, 0 };

static bool is_city(const ta_part *p)
{
    return p->present && p->type == CC_FEAT_CITY;
}

/* ---- building: features, halves, runs, walls ------------------------------ */

/* Cities own the halves of their edges; fields their halves; a split city
 * takes the half of its split edge that lies next to its other edges. */
static void read_features(ta_tile *art, const cc_tile_type *t, uint8_t road_edges[])
{
    art->centre = -1;
    art->nparts = t->nfeatures;
    for (int k = 0; k < t->nfeatures; k++) {
        const cc_tile_feature *f = &t->features[k];
        ta_part *p = &art->part[k];
        memset(p, 0, sizeof *p);
        p->present = true;
        p->type = f->type;
        p->inner = f->inner;
        road_edges[k] = 0;
        for (int r = 0; r < CC_RING_SIZE; r++) {
            if (!(f->ring_mask & (1u << r)))
                continue;
            if (cc_ring_is_edge(r)) {
                int d = r / 3;
                if (f->type == CC_FEAT_CITY)
                    p->halves |= (uint8_t)(3u << (2 * d));
                else if (f->type == CC_FEAT_ROAD || f->type == CC_FEAT_RIVER)
                    road_edges[k] |= (uint8_t)(1u << d);
            } else if (f->type == CC_FEAT_FIELD) {
                p->halves |= (uint8_t)(1u << ring_half[r]);
            }
        }
        if (cc_feature_is_monastery((cc_feature_type)f->type))
            art->centre = k;
    }
    for (int k = 0; k < t->nfeatures; k++) {
        int d = t->features[k].split_edge;
        if (t->features[k].type != CC_FEAT_CITY || d < 0 || d > 3)
            continue;
        int next = (d + 1) & 3;
        bool east = (art->part[k].halves >> (2 * next)) & 1u;
        uint8_t mine = (uint8_t)(1u << (2 * d + (east ? 1 : 0)));
        for (int j = 0; j < t->nfeatures; j++)
            if (j != k && is_city(&art->part[j]))
                art->part[j].halves &= (uint8_t)~mine;
        art->part[k].halves |= mine;
    }
}

/* Which feature owns each half edge: a city if one does, else a field. */
static void half_owners(const ta_tile *art, int owner[8])
{
    for (int h = 0; h < 8; h++) {
        owner[h] = -1;
        for (int k = 0; k < art->nparts; k++)
            if ((art->part[k].halves >> h) & 1u) {
                if (owner[h] < 0 || is_city(&art->part[k]))
                    owner[h] = k;
            }
    }
}

/* A field's region reaches under the city halves next to it: the half of
 * a city edge sharing a corner with a field half belongs to that field's
 * side, so a field between a city and a road is one band, not two
 * triangles. */
static void fields_under_cities(ta_tile *art, const int owner[8])
{
    for (int h = 0; h < 8; h++) {
        if (owner[h] < 0 || !is_city(&art->part[owner[h]]))
            continue;
        int other = h % 2 == 0 ? (h + 7) & 7 : (h + 1) & 7;
        int f = owner[other];
        if (f >= 0 && art->part[f].type == CC_FEAT_FIELD)
            art->part[f].under |= (uint8_t)(1u << h);
    }
}

/* Maximal cyclic runs of set bits of mask, as [a, b) in half units. */
static int runs_of(uint8_t mask, double *a, double *b)
{
    if (mask == 0xff || mask == 0)
        return 0;
    int n = 0;
    for (int h = 0; h < 8 && n < TA_MAX_RUNS; h++) {
        bool on = (mask >> h) & 1u, before = (mask >> ((h + 7) & 7)) & 1u;
        if (!on || before)
            continue;
        int end = h;
        while ((mask >> ((end + 1) & 7)) & 1u)
            end++;
        a[n] = h;
        b[n] = end + 1;
        n++;
    }
    return n;
}

/* The control point of a wall leaving border point s towards target. */
static rd_pt wall_control(double s, rd_pt target, double k)
{
    rd_pt e = ta_perimeter(s);
    int si = (int)lround(s);
    if (si % 2 == 0)   /* a corner: head for the target */
        return lerp(e, target, k);
    rd_pt n = inward((si % 8) / 2);   /* a midpoint (split edge): straight in */
    return pt(e.x + n.x * 0.3, e.y + n.y * 0.3);
}

/* The field owning the first half outside a city run, walking from half h
 * in direction step; -1 if only cities. */
static int field_beside(const ta_tile *art, const int owner[8], int h, int step)
{
    h &= 7;
    for (int i = 0; i < 8; i++, h = (h + step + 8) & 7)
        if (owner[h] >= 0 && !is_city(&art->part[owner[h]]))
            return owner[h];
    return -1;
}

static void city_walls(ta_tile *art, const int owner[8], bool roads)
{
    for (int k = 0; k < art->nparts; k++) {
        ta_part *p = &art->part[k];
        if (!is_city(p))
            continue;
        p->nruns = runs_of(p->halves, p->run_a, p->run_b);
        for (int i = 0; i < p->nruns; i++) {
            double from = p->run_b[i];
            double to = p->run_a[(i + 1) % p->nruns];
            rd_pt target = centre;
            double k_ctl = 0.62;
            if (p->nruns == 1) {
                /* One run: bow away from it; reach the centre when this
                 * city alone keeps two fields apart. */
                rd_pt m = ta_perimeter((p->run_a[0] + p->run_b[0]) / 2);
                int f1 = field_beside(art, owner, (int)p->run_a[0] + 7, -1);
                int f2 = field_beside(art, owner, (int)p->run_b[0], 1);
                bool deep = !roads && f1 >= 0 && f2 >= 0 && f1 != f2;
                double len = p->run_b[0] - p->run_a[0];
                double away = deep ? 0.6 : 0.3;
                if (len > 3.5 && len < 4.5)   /* a corner city: full, unless a road */
                    away = roads ? -0.15 : 0.75;   /* must pass between it and the corner */
                else if (len > 5.5 && !deep)   /* three sides: leave the field a third */
                    away = -0.3;
                target = pt(0.5 + (0.5 - m.x) * away, 0.5 + (0.5 - m.y) * away);
                k_ctl = deep ? 0.85 : 0.55;
            }
            p->wall[i].p0 = ta_perimeter(from);
            p->wall[i].c1 = wall_control(from, target, k_ctl);
            p->wall[i].c2 = wall_control(to, target, k_ctl);
            p->wall[i].p3 = ta_perimeter(to);
        }
    }
}

/* ---- building: roads --------------------------------------------------------- */

static int popcount4(unsigned m)
{
    return (int)(m & 1u) + (int)((m >> 1) & 1u) + (int)((m >> 2) & 1u) + (int)((m >> 3) & 1u);
}

static int first_edge(unsigned m)
{
    for (int d = 0; d < 4; d++)
        if (m & (1u << d))
            return d;
    return 0;
}

/* The corner two adjacent edges share, as a corner index c (s = 2c). */
static int shared_corner(int d1, int d2)
{
    if ((d1 == 0 && d2 == 3) || (d1 == 3 && d2 == 0))
        return 0;
    return d1 > d2 ? d1 : d2;
}

/* A quarter circle of radius 1/2 round the corner two adjacent edges share. */
static rd_bez corner_arc(int d1, int d2)
{
    const double kappa = 0.5523;
    rd_pt c = ta_perimeter(2 * shared_corner(d1, d2));
    rd_pt m1 = edge_mid(d1), m2 = edge_mid(d2);
    rd_bez z = { m1, pt(m1.x + (m2.x - c.x) * kappa, m1.y + (m2.y - c.y) * kappa),
                 pt(m2.x + (m1.x - c.x) * kappa, m2.y + (m1.y - c.y) * kappa), m2 };
    return z;
}

/* What feature k is linked with (C1 wagon links), as a bit mask. */
static unsigned linked_with(const cc_tile_type *t, int k)
{
    unsigned with = 0;
    for (int g = 0; g < t->nwagon_links; g++)
        if (t->wagon_links[g] & (1u << k))
            with |= t->wagon_links[g];
    return with & ~(1u << k);
}

static void add_house(ta_tile *art, rd_pt p)
{
    for (int i = 0; i < art->nhouses; i++)
        if (dist(art->house[i], p) < 0.05)
            return;
    if (art->nhouses < TA_MAX_MARKS)
        art->house[art->nhouses++] = p;
}

/* A road with one edge on the tile ends somewhere on it: where its link
 * says, else at a house in the field. */
static void road_end(ta_tile *art, const cc_tile_type *t, const uint8_t road_edges[], int k)
{
    ta_part *p = &art->part[k];
    int d = first_edge(road_edges[k]);
    rd_pt m = edge_mid(d), n = inward(d);
    unsigned with = linked_with(t, k);
    int city = -1, nroads = 1, other = -1;
    bool monastery = false;
    for (int j = 0; j < art->nparts; j++) {
        if (!(with & (1u << j)))
            continue;
        if (cc_feature_is_monastery((cc_feature_type)art->part[j].type))
            monastery = true;
        else if (art->part[j].type == CC_FEAT_CITY && city < 0)
            city = j;
        else if (art->part[j].type == CC_FEAT_ROAD) {
            nroads++;
            other = j;
        }
    }
    p->nsegs = 1;
    if (monastery || nroads >= 3) {
        p->seg[0] = line(m, centre);
        if (!monastery)
            add_house(art, centre);   /* the village at the junction */
        return;
    }
    if (city >= 0) {
        const ta_part *c = &art->part[city];
        rd_pt gate = c->nruns > 0 ? bez_at(&c->wall[0], 0.5) : centre;
        double len = dist(m, gate);
        rd_bez z = { m, pt(m.x + n.x * len * 0.45, m.y + n.y * len * 0.45), gate, gate };
        p->seg[0] = z;
        return;
    }
    if (other >= 0) {
        int d2 = first_edge(road_edges[other]);
        if (((d + 2) & 3) == d2) {   /* opposite: a house in the middle */
            p->seg[0] = line(m, centre);
            add_house(art, centre);
            return;
        }
        rd_bez arc = corner_arc(d, d2);   /* adjacent: a house on the curve */
        p->seg[0] = bez_first_half(&arc);
        art->curve_corners |= (uint8_t)(1u << shared_corner(d, d2));
        add_house(art, p->seg[0].p3);
        return;
    }
    rd_pt end = pt(m.x + n.x * 0.36, m.y + n.y * 0.36);   /* a dead end at a house */
    p->seg[0] = line(m, end);
    add_house(art, end);
}

/* Rivers run like roads between their edges; a river with one edge (the
 * spring, a lake, a river into a city) runs to the centre, where the
 * spring or the lake is drawn. */
static void roads(ta_tile *art, const cc_tile_type *t, const uint8_t road_edges[])
{
    for (int k = 0; k < art->nparts; k++) {
        ta_part *p = &art->part[k];
        if (p->type != CC_FEAT_ROAD && p->type != CC_FEAT_RIVER)
            continue;
        unsigned em = road_edges[k];
        int n = popcount4(em);
        if (n == 1 && p->type == CC_FEAT_RIVER) {
            p->nsegs = 1;
            p->seg[0] = line(edge_mid(first_edge(em)), centre);
            continue;
        }
        if (n == 1) {
            road_end(art, t, road_edges, k);
            continue;
        }
        if (n == 2) {
            int d1 = first_edge(em), d2 = first_edge(em & ~(1u << d1));
            p->nsegs = 1;
            if (d2 == d1 + 2) {
                p->seg[0] = line(edge_mid(d1), edge_mid(d2));
            } else {
                p->seg[0] = corner_arc(d1, d2);
                art->curve_corners |= (uint8_t)(1u << shared_corner(d1, d2));
            }
            continue;
        }
        for (int d = 0; d < 4; d++)   /* three or four edges: spokes */
            if (em & (1u << d) && p->nsegs < TA_MAX_SEGS)
                p->seg[p->nsegs++] = line(edge_mid(d), centre);
    }
}

/* Fields inside a road's curve own that corner's sector. */
static void field_sectors(ta_tile *art)
{
    for (int c = 0; c < 4; c++) {
        if (!(art->curve_corners & (1u << c)))
            continue;
        uint8_t both = (uint8_t)((1u << ((2 * c + 7) & 7)) | (1u << (2 * c)));
        for (int k = 0; k < art->nparts; k++)
            if (art->part[k].type == CC_FEAT_FIELD && (art->part[k].halves & both) == both)
                art->part[k].sectors |= (uint8_t)(1u << c);
    }
}

/* ---- building: anchors and marks -------------------------------------------- */

typedef struct {
    ta_tile *art;
    cairo_t *cr;
    int nplaced;
    rd_pt placed[CC_MAX_TILE_FEATURES + 2 * TA_MAX_MARKS];
} placer;

static bool in_city(placer *pl, rd_pt q, int only)
{
    for (int k = 0; k < pl->art->nparts; k++) {
        if (!is_city(&pl->art->part[k]) || (only >= 0 && k != only))
            continue;
        ta_city_path(pl->cr, &pl->art->part[k]);
        bool in = cairo_in_fill(pl->cr, q.x, q.y);
        cairo_new_path(pl->cr);
        if (in)
            return true;
    }
    return false;
}

static bool near_road(placer *pl, rd_pt q, double r)
{
    bool any = false;
    for (int k = 0; k < pl->art->nparts; k++)
        if (pl->art->part[k].type == CC_FEAT_ROAD || pl->art->part[k].type == CC_FEAT_RIVER) {
            ta_road_path(pl->cr, &pl->art->part[k]);
            any = true;
        }
    if (!any)
        return false;
    cairo_set_line_width(pl->cr, 2 * r);
    bool near = cairo_in_stroke(pl->cr, q.x, q.y);
    cairo_new_path(pl->cr);
    return near;
}

static bool near_placed(const placer *pl, rd_pt q, double r)
{
    for (int i = 0; i < pl->nplaced; i++)
        if (dist(pl->placed[i], q) < r)
            return true;
    for (int i = 0; i < pl->art->nhouses; i++)
        if (dist(pl->art->house[i], q) < r * 0.8)
            return true;
    return false;
}

static bool inside_margin(rd_pt q, double m)
{
    return q.x >= m && q.x <= 1 - m && q.y >= m && q.y <= 1 - m;
}

static void place(placer *pl, rd_pt q)
{
    if (pl->nplaced < (int)(sizeof pl->placed / sizeof pl->placed[0]))
        pl->placed[pl->nplaced++] = q;
}

static rd_pt half_mid(int h)
{
    return ta_perimeter(h + 0.5);
}

static rd_pt half_inward(int h, double depth)
{
    rd_pt m = half_mid(h), n = inward(h / 2);
    return pt(m.x + n.x * depth, m.y + n.y * depth);
}

/* Mean of the midpoints of the halves in mask, pulled towards the centre. */
static rd_pt halves_mean(uint8_t mask, double pull)
{
    rd_pt s = { 0, 0 };
    int n = 0;
    for (int h = 0; h < 8; h++)
        if ((mask >> h) & 1u) {
            rd_pt m = half_mid(h);
            s.x += m.x;
            s.y += m.y;
            n++;
        }
    if (n == 0)
        return centre;
    return lerp(pt(s.x / n, s.y / n), centre, pull);
}

static void city_anchor(placer *pl, int k)
{
    ta_part *p = &pl->art->part[k];
    rd_pt cand[2 + TA_MAX_RUNS];
    int n = 0;
    cand[n++] = p->halves == 0xff ? centre : halves_mean(p->halves, 0.25);
    for (int i = 0; i < p->nruns; i++) {
        double mid = (p->run_a[i] + p->run_b[i]) / 2;
        rd_pt m = ta_perimeter(mid);
        cand[n++] = lerp(m, centre, 0.3);
    }
    cand[n++] = centre;
    p->anchor = cand[0];
    for (int i = 0; i < n; i++)
        if ((p->halves == 0xff || in_city(pl, cand[i], k)) && !near_placed(pl, cand[i], 0.2)) {
            p->anchor = cand[i];
            break;
        }
    place(pl, p->anchor);
}

static void road_anchor(placer *pl, int k)
{
    ta_part *p = &pl->art->part[k];
    static const double ts[] = { 0.5, 0.35, 0.65, 0.2, 0.8 };
    p->anchor = bez_at(&p->seg[0], 0.5);
    for (int s = 0; s < p->nsegs; s++)
        for (size_t i = 0; i < sizeof ts / sizeof ts[0]; i++) {
            rd_pt q = bez_at(&p->seg[s], ts[i]);
            bool building = pl->art->centre >= 0 && dist(q, centre) < 0.22;
            if (!building && !in_city(pl, q, -1) && !near_placed(pl, q, 0.18)) {
                p->anchor = q;
                place(pl, q);
                return;
            }
        }
    place(pl, p->anchor);
}

static bool field_spot_ok(placer *pl, rd_pt q, double clear)
{
    bool building = pl->art->centre >= 0 && dist(q, centre) < 0.25;
    return inside_margin(q, 0.08) && !building && !in_city(pl, q, -1) &&
           !near_road(pl, q, 0.1) && !near_placed(pl, q, clear);
}

static void field_anchor(placer *pl, int k)
{
    ta_part *p = &pl->art->part[k];
    rd_pt cand[24];
    int n = 0;
    cand[n++] = halves_mean(p->halves, 0.3);
    for (int c = 0; c < 4; c++)
        if (p->sectors & (1u << c))
            cand[n++] = lerp(ta_perimeter(2 * c), centre, 0.3);
    for (int depth = 0; depth < 2; depth++)
        for (int h = 0; h < 8; h++)
            if ((p->halves >> h) & 1u)
                cand[n++] = half_inward(h, depth ? 0.3 : 0.17);
    p->anchor = cand[0];
    for (int i = 0; i < n; i++)
        if (field_spot_ok(pl, cand[i], 0.19)) {
            p->anchor = cand[i];
            break;
        }
    place(pl, p->anchor);
}

static void inner_anchor(placer *pl, int k)
{
    static const rd_pt cand[] = { { 0.17, 0.17 }, { 0.83, 0.17 }, { 0.83, 0.83 }, { 0.17, 0.83 },
                                  { 0.5, 0.3 },   { 0.3, 0.5 },   { 0.7, 0.5 },   { 0.5, 0.7 } };
    ta_part *p = &pl->art->part[k];
    p->anchor = cand[0];
    for (size_t i = 0; i < sizeof cand / sizeof cand[0]; i++) {
        bool in_field = false;
        for (int j = 0; j < pl->art->nparts && !in_field; j++) {
            const ta_part *f = &pl->art->part[j];
            if (f->type != CC_FEAT_FIELD || f->inner)
                continue;
            ta_field_path(pl->cr, f);
            in_field = cairo_in_fill(pl->cr, cand[i].x, cand[i].y);
            cairo_new_path(pl->cr);
        }
        if (!in_field && !near_placed(pl, cand[i], 0.22)) {
            p->anchor = cand[i];
            break;
        }
    }
    place(pl, p->anchor);
}

static void pennants(placer *pl, const cc_tile_type *t)
{
    static const rd_pt off[] = { { 0.2, 0 },     { -0.2, 0 },     { 0, 0.2 },     { 0, -0.2 },
                                 { 0.15, 0.15 }, { -0.15, 0.15 }, { 0.15, -0.15 }, { -0.15, -0.15 },
                                 { 0.3, 0 },     { -0.3, 0 },     { 0, 0.3 },     { 0, -0.3 } };
    for (int k = 0; k < pl->art->nparts; k++) {
        ta_part *p = &pl->art->part[k];
        int want = t->features[k].pennants;
        if (!is_city(p) || want <= 0)
            continue;
        if (want > 2)
            want = 2;
        for (size_t i = 0; i < sizeof off / sizeof off[0] && p->npennants < want; i++) {
            rd_pt q = pt(p->anchor.x + off[i].x, p->anchor.y + off[i].y);
            if (inside_margin(q, 0.08) && in_city(pl, q, k) && !near_placed(pl, q, 0.15)) {
                p->pennant[p->npennants++] = q;
                place(pl, q);
            }
        }
        if (p->npennants < want)   /* no room beside the figure: above it */
            p->pennant[p->npennants++] = pt(p->anchor.x + 0.12, p->anchor.y - 0.08);
    }
}

/* The first of n offsets from city k's figure spot that lies in that city,
 * margin inside the tile and clear of every mark placed: into *out. */
static bool city_spot(placer *pl, int k, const rd_pt *off, size_t n, double margin, rd_pt *out)
{
    rd_pt a = pl->art->part[k].anchor;
    for (size_t i = 0; i < n; i++) {
        rd_pt q = pt(a.x + off[i].x, a.y + off[i].y);
        if (inside_margin(q, margin) && in_city(pl, q, k) && !near_placed(pl, q, 0.15)) {
            *out = q;
            return true;
        }
    }
    return false;
}

/* Inns & Cathedrals: an inn beside its road, off the figure's spot and
 * clear of the city; a cathedral in its city beside the figure. */
static void landmarks(placer *pl, const cc_tile_type *t)
{
    static const double ts[] = { 0.5, 0.3, 0.7 };
    static const rd_pt off[] = { { 0, -0.2 }, { 0, 0.2 }, { 0.2, 0 }, { -0.2, 0 },
                                 { 0.17, -0.17 }, { -0.17, -0.17 }, { 0.17, 0.17 }, { -0.17, 0.17 } };
    for (int k = 0; k < pl->art->nparts; k++) {
        ta_part *p = &pl->art->part[k];
        if (p->type == CC_FEAT_ROAD && t->features[k].inn && p->nsegs > 0) {
            for (size_t i = 0; i < sizeof ts / sizeof ts[0] && !p->has_landmark; i++)
                for (int side = -1; side <= 1 && !p->has_landmark; side += 2) {
                    rd_pt a = bez_at(&p->seg[0], ts[i] - 0.05), b = bez_at(&p->seg[0], ts[i] + 0.05);
                    double dx = b.x - a.x, dy = b.y - a.y, len = sqrt(dx * dx + dy * dy);
                    if (len <= 0)
                        continue;
                    rd_pt m = bez_at(&p->seg[0], ts[i]);
                    rd_pt q = pt(m.x - dy / len * 0.15 * side, m.y + dx / len * 0.15 * side);
                    if (inside_margin(q, 0.09) && !in_city(pl, q, -1) && !near_placed(pl, q, 0.13)) {
                        p->landmark = q;
                        p->has_landmark = true;
                    }
                }
        } else if (is_city(p) && t->features[k].cathedral) {
            p->has_landmark = city_spot(pl, k, off, sizeof off / sizeof off[0], 0.12, &p->landmark);
            if (!p->has_landmark) {
                p->landmark = pt(p->anchor.x, p->anchor.y - 0.2);
                p->has_landmark = true;
            }
        }
        if (p->has_landmark)
            place(pl, p->landmark);
    }
}

/* Traders & Builders: each kind of goods a city shows, one badge each, in
 * the city beside the figure's spot, its coat of arms and its cathedral. */
static void goods(placer *pl, const cc_tile_type *t)
{
    static const rd_pt off[] = { { 0.19, 0 },      { -0.19, 0 },     { 0, 0.19 },     { 0, -0.19 },
                                 { 0.16, 0.16 },   { -0.16, 0.16 },  { 0.16, -0.16 }, { -0.16, -0.16 },
                                 { 0.3, 0 },       { -0.3, 0 },      { 0, 0.3 },      { 0, -0.3 } };
    for (int k = 0; k < pl->art->nparts; k++) {
        ta_part *p = &pl->art->part[k];
        for (int g = 0; g < CC_NGOODS && is_city(p); g++) {
            if (t->features[k].goods[g] == 0)
                continue;
            rd_pt at;
            if (!city_spot(pl, k, off, sizeof off / sizeof off[0], 0.09, &at))
                at = pt(p->anchor.x - 0.13, p->anchor.y + 0.1 * p->ngoods);   /* no room: beside it */
            p->goods_kind[p->ngoods] = (uint8_t)g;
            p->goods_at[p->ngoods++] = at;
            place(pl, at);
        }
    }
}

/* Two fields meeting at a bare border point (no road there): a city arm
 * from that point keeps them apart. */
static void arms(ta_tile *art, const int owner[8], const cc_tile_type *t)
{
    int city = -1;
    for (int k = 0; k < art->nparts && city < 0; k++)
        if (is_city(&art->part[k]))
            city = k;
    if (city < 0)
        return;
    for (int h = 0; h < 8; h++) {
        int a = owner[h], b = owner[(h + 1) & 7];
        if (a < 0 || b < 0 || a == b || is_city(&art->part[a]) || is_city(&art->part[b]))
            continue;
        int s = h + 1;
        if (s % 2 == 1 && t->edges[(s / 2) & 3] == 'R')
            continue;
        if (art->narms < TA_MAX_MARKS) {
            art->arm_from[art->narms] = ta_perimeter(s);
            art->arm_to[art->narms] = art->part[city].anchor;
            art->narms++;
        }
    }
}

static bool near_arm(placer *pl, rd_pt q, double r)
{
    const ta_tile *art = pl->art;
    for (int i = 0; i < art->narms; i++) {
        cairo_move_to(pl->cr, art->arm_from[i].x, art->arm_from[i].y);
        cairo_line_to(pl->cr, art->arm_to[i].x, art->arm_to[i].y);
    }
    cairo_set_line_width(pl->cr, 2 * r);
    bool near = art->narms > 0 && cairo_in_stroke(pl->cr, q.x, q.y);
    cairo_new_path(pl->cr);
    return near;
}

/* The vine rows (0.26 x 0.18 round their centre) fit in the field. */
static bool vine_fits(placer *pl, rd_pt q)
{
    if (!field_spot_ok(pl, q, 0.2) || near_road(pl, q, 0.16) || near_arm(pl, q, 0.15))
        return false;
    for (int i = 0; i < 4; i++) {
        rd_pt c = pt(q.x + (i & 1 ? 0.14 : -0.14), q.y + (i & 2 ? 0.1 : -0.1));
        if (!inside_margin(c, 0.02) || in_city(pl, c, -1) || near_road(pl, c, 0.08) ||
            near_arm(pl, c, 0.07))
            return false;
    }
    return true;
}

static void vineyard(placer *pl)
{
    static const rd_pt cand[] = { { 0.78, 0.8 }, { 0.22, 0.8 }, { 0.78, 0.22 }, { 0.22, 0.22 },
                                  { 0.5, 0.82 }, { 0.82, 0.5 }, { 0.18, 0.5 }, { 0.5, 0.2 },
                                  { 0.66, 0.66 }, { 0.34, 0.66 }, { 0.66, 0.34 }, { 0.34, 0.34 },
                                  { 0.64, 0.88 }, { 0.36, 0.88 }, { 0.5, 0.62 } };
    size_t n = sizeof cand / sizeof cand[0];
    pl->art->has_vine = true;
    pl->art->vine = cand[0];
    for (size_t i = 0; i < n; i++)
        if (vine_fits(pl, cand[i])) {
            pl->art->vine = cand[i];
            return;
        }
    pl->art->small_vine = true;   /* a cramped field: a smaller vine where one fits */
    for (size_t i = 0; i < n; i++)
        if (field_spot_ok(pl, cand[i], 0.16) && !near_arm(pl, cand[i], 0.1)) {
            pl->art->vine = cand[i];
            return;
        }
}

void ta_build(ta_tile *art, const cc_tile_type *t, cairo_t *cr)
{
    memset(art, 0, sizeof *art);
    uint8_t road_edges[CC_MAX_TILE_FEATURES] = { 0 };
    int owner[8];
    bool any_road = memchr(t->edges, 'R', sizeof t->edges) != NULL ||
                    memchr(t->edges, 'I', sizeof t->edges) != NULL;   /* a river passes as a road does */
    read_features(art, t, road_edges);
    half_owners(art, owner);
    fields_under_cities(art, owner);
    city_walls(art, owner, any_road);
    roads(art, t, road_edges);
    field_sectors(art);

    cairo_save(cr);
    cairo_identity_matrix(cr);
    cairo_scale(cr, 100, 100);   /* hit tests at the drawing's own precision */
    cairo_new_path(cr);
    placer pl = { .art = art, .cr = cr };
    if (art->centre >= 0) {
        art->part[art->centre].anchor = centre;
        place(&pl, centre);
    }
    for (int k = 0; k < art->nparts; k++)
        if (is_city(&art->part[k]))
            city_anchor(&pl, k);
    for (int k = 0; k < art->nparts; k++)
        if (art->part[k].type == CC_FEAT_ROAD || art->part[k].type == CC_FEAT_RIVER)
            road_anchor(&pl, k);
    for (int k = 0; k < art->nparts; k++)
        if (art->part[k].type == CC_FEAT_FIELD && !art->part[k].inner)
            field_anchor(&pl, k);
    for (int k = 0; k < art->nparts; k++)
        if (art->part[k].type == CC_FEAT_FIELD && art->part[k].inner)
            inner_anchor(&pl, k);
    pennants(&pl, t);
    landmarks(&pl, t);
    goods(&pl, t);
    arms(art, owner, t);
    if (t->vineyard || t->garden)
        vineyard(&pl);
    cairo_new_path(cr);
    cairo_restore(cr);
}

/* ---- paths ---------------------------------------------------------------- */

static void curve(cairo_t *cr, const rd_bez *z)
{
    cairo_curve_to(cr, z->c1.x, z->c1.y, z->c2.x, z->c2.y, z->p3.x, z->p3.y);
}

/* Along the border from s = a to s = b (b > a), through the corners. */
static void border(cairo_t *cr, double a, double b)
{
    for (int s = (int)floor(a) + 1; s < b; s++)
        if (s % 2 == 0) {
            rd_pt c = ta_perimeter(s);
            cairo_line_to(cr, c.x, c.y);
        }
    rd_pt e = ta_perimeter(b);
    cairo_line_to(cr, e.x, e.y);
}

void ta_city_path(cairo_t *cr, const ta_part *p)
{
    if (p->nruns == 0) {
        cairo_rectangle(cr, 0, 0, 1, 1);
        return;
    }
    rd_pt start = ta_perimeter(p->run_a[0]);
    cairo_move_to(cr, start.x, start.y);
    for (int i = 0; i < p->nruns; i++) {
        border(cr, p->run_a[i], p->run_b[i]);
        curve(cr, &p->wall[i]);
    }
    cairo_close_path(cr);
}

void ta_wall_path(cairo_t *cr, const ta_part *p)
{
    for (int i = 0; i < p->nruns; i++) {
        cairo_move_to(cr, p->wall[i].p0.x, p->wall[i].p0.y);
        curve(cr, &p->wall[i]);
    }
}

void ta_road_path(cairo_t *cr, const ta_part *p)
{
    for (int i = 0; i < p->nsegs; i++) {
        cairo_move_to(cr, p->seg[i].p0.x, p->seg[i].p0.y);
        curve(cr, &p->seg[i]);
    }
}

static void sector(cairo_t *cr, int c)
{
    int d1 = (c + 3) & 3, d2 = c & 3;   /* the edges either side of corner s = 2c */
    rd_bez arc = corner_arc(d1, d2);
    rd_pt k = ta_perimeter(2 * c);
    cairo_move_to(cr, arc.p3.x, arc.p3.y);
    cairo_line_to(cr, k.x, k.y);
    cairo_line_to(cr, arc.p0.x, arc.p0.y);
    /* back along the arc, widened a little so the tint meets the road */
    rd_pt c1 = lerp(k, arc.c1, 1.1), c2 = lerp(k, arc.c2, 1.1);
    cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, arc.p3.x, arc.p3.y);
    cairo_close_path(cr);
}

void ta_field_path(cairo_t *cr, const ta_part *p)
{
    if (p->inner) {
        cairo_rectangle(cr, p->anchor.x - 0.13, p->anchor.y - 0.13, 0.26, 0.26);
        return;
    }
    for (int c = 0; c < 4; c++)
        if (p->sectors & (1u << c))
            sector(cr, c);
    for (int h = 0; h < 8; h++) {
        if (!(((p->halves | p->under) >> h) & 1u))
            continue;
        int corner = (h % 2 == 0 ? h : h + 1) / 2 % 4;
        if (p->sectors & (1u << corner))
            continue;
        rd_pt a = ta_perimeter(h), b = ta_perimeter(h + 1);
        cairo_move_to(cr, centre.x, centre.y);
        cairo_line_to(cr, a.x, a.y);
        cairo_line_to(cr, b.x, b.y);
        cairo_close_path(cr);
    }
}

void ta_building_path(cairo_t *cr, const cc_tile_type *t)
{
    double r = t->is_abbey ? 0.3 : 0.22;
    cairo_rectangle(cr, 0.5 - r, 0.5 - r, 2 * r, 2 * r);
}

/* ---- drawing ------------------------------------------------------------------ */

#define FIELD 0x9cc95f
#define FIELD_DARK 0x5d7d35
#define HILL 0x86b44c
#define CITY 0xcfa56a
#define WALL 0x6a4e31
#define ROAD 0xf4eedd
#define ROAD_EDGE 0x6b5a44
#define ROOF 0xb4553c
#define ROOF_DARK 0x8e3b29
#define STONE 0xe9dcbd
#define INK 0x3b2c20
#define WATER 0x4a90c8
#define WATER_EDGE 0x2d5f8a
#define VOLCANO 0x6b3a2a

static rd_pen pen(unsigned rgb, double width)
{
    rd_pen p = { rd_hex(rgb, 1), width, false, 0 };
    return p;
}

static void draw_hill(rd_canvas *cv)
{
    cairo_t *cr = rd_cairo(cv);
    rd_pen contour = pen(0x6f9a3e, 0.012);
    for (int i = 0; i < 2; i++) {
        double rx = i ? 0.24 : 0.42, ry = i ? 0.17 : 0.32;
        cairo_save(cr);
        cairo_translate(cr, 0.5, 0.55);
        cairo_scale(cr, rx, ry);
        rd_circle(cr, 0, 0, 1);
        cairo_restore(cr);
        rd_fill_stroke(cv, rd_hex(i ? 0x7aa844 : HILL, 1), &contour);
    }
}

static void draw_vine(rd_canvas *cv, rd_pt at, bool small)
{
    cairo_t *cr = rd_cairo(cv);
    cairo_save(cr);
    cairo_translate(cr, at.x, at.y);
    if (small)
        cairo_scale(cr, 0.55, 0.55);
    cairo_translate(cr, -at.x, -at.y);
    for (int row = 0; row < 3; row++) {
        double y = at.y - 0.07 + row * 0.07;
        cairo_move_to(cr, at.x - 0.12, y);
        cairo_line_to(cr, at.x + 0.12, y);
    }
    rd_stroke(cv, &(rd_pen){ rd_hex(0x4f7a2c, 1), 0.012, true, 0 });
    for (int row = 0; row < 3; row++)
        for (int i = 0; i < 4; i++) {
            double x = at.x - 0.09 + i * 0.06, y = at.y - 0.07 + row * 0.07;
            rd_circle(cr, x, y, 0.021);
        }
    rd_fill(cv, rd_hex(0x6a2c7d, 1));
    cairo_restore(cr);
}

static void draw_roads(rd_canvas *cv, const ta_tile *art)
{
    cairo_t *cr = rd_cairo(cv);
    bool any = false;
    for (int k = 0; k < art->nparts; k++)
        if (art->part[k].type == CC_FEAT_ROAD) {
            ta_road_path(cr, &art->part[k]);
            any = true;
        }
    if (!any)
        return;
    cairo_path_t *path = cairo_copy_path(cr);
    rd_pen edge = pen(ROAD_EDGE, 0.15);
    rd_stroke(cv, &edge);
    cairo_append_path(cr, path);
    cairo_path_destroy(path);
    rd_pen fill = pen(ROAD, 0.1);
    rd_stroke(cv, &fill);
}

/* The river, under roads (bridges cross it): a blue band with darker
 * banks, and a pond where it begins (the spring) or ends (a lake), a
 * volcano on the volcano lake. */
static void draw_rivers(rd_canvas *cv, const ta_tile *art, const cc_tile_type *t)
{
    cairo_t *cr = rd_cairo(cv);
    bool any = false;
    for (int k = 0; k < art->nparts; k++)
        if (art->part[k].type == CC_FEAT_RIVER) {
            ta_road_path(cr, &art->part[k]);
            any = true;
        }
    if (!any)
        return;
    cairo_path_t *path = cairo_copy_path(cr);
    rd_stroke(cv, &(rd_pen){ rd_hex(WATER_EDGE, 1), 0.2, false, 0 });
    cairo_append_path(cr, path);
    cairo_path_destroy(path);
    rd_stroke(cv, &(rd_pen){ rd_hex(WATER, 1), 0.15, false, 0 });
    if (!t->spring && !t->lake)
        return;
    rd_circle(cr, 0.5, 0.5, t->spring ? 0.14 : 0.22);
    rd_fill_stroke(cv, rd_hex(WATER, 1), &(rd_pen){ rd_hex(WATER_EDGE, 1), 0.025, true, 0 });
    if (!t->volcano)
        return;
    cairo_move_to(cr, 0.36, 0.6);
    cairo_line_to(cr, 0.46, 0.38);
    cairo_line_to(cr, 0.54, 0.38);
    cairo_line_to(cr, 0.64, 0.6);
    cairo_close_path(cr);
    rd_fill_stroke(cv, rd_hex(VOLCANO, 1), &(rd_pen){ rd_hex(INK, 1), 0.014, true, 0 });
    rd_circle(cr, 0.5, 0.37, 0.035);
    rd_fill(cv, rd_hex(0xe8572a, 1));
}

/* An arm of the city from a bare border point to the city: a wedge from a
 * corner, a strip from an edge's midpoint, walled on its long sides. */
static void draw_arms(rd_canvas *cv, const ta_tile *art)
{
    cairo_t *cr = rd_cairo(cv);
    const double w = 0.075;
    for (int i = 0; i < art->narms; i++) {
        rd_pt a = art->arm_from[i], b = art->arm_to[i];
        double len = dist(a, b);
        if (len < 1e-6)
            continue;
        rd_pt n = pt(-(b.y - a.y) / len * w, (b.x - a.x) / len * w);
        bool corner = (a.x == 0 || a.x == 1) && (a.y == 0 || a.y == 1);
        rd_pt e = a.y == 0 || a.y == 1 ? pt(w, 0) : pt(0, w);   /* along the border */
        rd_pt a1 = corner ? a : pt(a.x - e.x, a.y - e.y), a2 = corner ? a : pt(a.x + e.x, a.y + e.y);
        rd_pt b1 = pt(b.x - n.x, b.y - n.y), b2 = pt(b.x + n.x, b.y + n.y);
        if ((a2.x - a1.x) * (b2.x - b1.x) + (a2.y - a1.y) * (b2.y - b1.y) < 0) {
            rd_pt t = a1;   /* keep the strip from twisting */
            a1 = a2;
            a2 = t;
        }
        cairo_move_to(cr, a1.x, a1.y);
        cairo_line_to(cr, b1.x, b1.y);
        cairo_line_to(cr, b2.x, b2.y);
        cairo_line_to(cr, a2.x, a2.y);
        cairo_close_path(cr);
        rd_fill(cv, rd_hex(CITY, 1));
        cairo_move_to(cr, a1.x, a1.y);
        cairo_line_to(cr, b1.x, b1.y);
        cairo_move_to(cr, a2.x, a2.y);
        cairo_line_to(cr, b2.x, b2.y);
        rd_stroke(cv, &(rd_pen){ rd_hex(WALL, 1), 0.035, false, 0 });
    }
}

static void draw_city(rd_canvas *cv, const ta_part *p)
{
    cairo_t *cr = rd_cairo(cv);
    ta_city_path(cr, p);
    rd_fill(cv, rd_hex(CITY, 1));
    if (p->nruns == 0)
        return;
    ta_wall_path(cr, p);
    rd_stroke(cv, &(rd_pen){ rd_hex(WALL, 1), 0.04, true, 0 });
}

static void draw_pennant(rd_canvas *cv, rd_pt q)
{
    cairo_t *cr = rd_cairo(cv);
    double w = 0.065, h = 0.075;
    cairo_move_to(cr, q.x - w, q.y - h);
    cairo_line_to(cr, q.x + w, q.y - h);
    cairo_line_to(cr, q.x + w, q.y);
    cairo_curve_to(cr, q.x + w, q.y + h * 0.6, q.x + w * 0.4, q.y + h * 0.9, q.x, q.y + h * 1.15);
    cairo_curve_to(cr, q.x - w * 0.4, q.y + h * 0.9, q.x - w, q.y + h * 0.6, q.x - w, q.y);
    cairo_close_path(cr);
    rd_fill_stroke(cv, rd_hex(0x2a56a6, 1), &(rd_pen){ rd_hex(0xffffff, 1), 0.016, true, 0 });
}

static void draw_court(rd_canvas *cv, const ta_part *p)
{
    cairo_t *cr = rd_cairo(cv);
    cairo_rectangle(cr, p->anchor.x - 0.13, p->anchor.y - 0.13, 0.26, 0.26);
    rd_fill_stroke(cv, rd_hex(FIELD, 1), &(rd_pen){ rd_hex(WALL, 1), 0.035, true, 0 });
}

static void draw_house(rd_canvas *cv, rd_pt q)
{
    cairo_t *cr = rd_cairo(cv);
    cairo_rectangle(cr, q.x - 0.07, q.y - 0.055, 0.14, 0.11);
    rd_fill_stroke(cv, rd_hex(ROOF, 1), &(rd_pen){ rd_hex(INK, 1), 0.012, false, 0 });
    cairo_move_to(cr, q.x - 0.07, q.y);
    cairo_line_to(cr, q.x + 0.07, q.y);
    rd_stroke(cv, &(rd_pen){ rd_hex(ROOF_DARK, 1), 0.012, false, 0 });
}

/* An inn: a wide house with a dark roof and a golden sign hanging by the
 * road; a cathedral: a stone nave under a slate roof with a spire and its
 * cross, larger than a cloister's church. */
static void draw_inn(rd_canvas *cv, rd_pt q)
{
    cairo_t *cr = rd_cairo(cv);
    rd_pen ink = { rd_hex(INK, 1), 0.012, true, 0 };
    cairo_rectangle(cr, q.x - 0.08, q.y - 0.03, 0.16, 0.08);
    rd_fill_stroke(cv, rd_hex(STONE, 1), &ink);
    cairo_move_to(cr, q.x - 0.095, q.y - 0.03);
    cairo_line_to(cr, q.x, q.y - 0.09);
    cairo_line_to(cr, q.x + 0.095, q.y - 0.03);
    cairo_close_path(cr);
    rd_fill_stroke(cv, rd_hex(ROOF_DARK, 1), &ink);
    rd_circle(cr, q.x + 0.05, q.y + 0.01, 0.022);
    rd_fill_stroke(cv, rd_hex(0xe0b02a, 1), &ink);
}

static void draw_cathedral(rd_canvas *cv, rd_pt q)
{
    cairo_t *cr = rd_cairo(cv);
    rd_pen ink = { rd_hex(INK, 1), 0.012, true, 0 };
    cairo_rectangle(cr, q.x - 0.1, q.y - 0.02, 0.2, 0.1);         /* the nave */
    rd_fill_stroke(cv, rd_hex(STONE, 1), &ink);
    cairo_move_to(cr, q.x - 0.11, q.y - 0.02);
    cairo_line_to(cr, q.x - 0.04, q.y - 0.07);
    cairo_line_to(cr, q.x + 0.11, q.y - 0.07);
    cairo_line_to(cr, q.x + 0.11, q.y - 0.02);
    cairo_close_path(cr);
    rd_fill_stroke(cv, rd_hex(0x5b6677, 1), &ink);                /* slate roof */
    cairo_rectangle(cr, q.x - 0.1, q.y - 0.1, 0.06, 0.2);         /* the tower */
    rd_fill_stroke(cv, rd_hex(STONE, 1), &ink);
    cairo_move_to(cr, q.x - 0.105, q.y - 0.1);
    cairo_line_to(cr, q.x - 0.07, q.y - 0.19);
    cairo_line_to(cr, q.x - 0.035, q.y - 0.1);
    cairo_close_path(cr);
    rd_fill_stroke(cv, rd_hex(0x5b6677, 1), &ink);                /* the spire */
    cairo_move_to(cr, q.x - 0.07, q.y - 0.23);
    cairo_line_to(cr, q.x - 0.07, q.y - 0.19);
    cairo_move_to(cr, q.x - 0.085, q.y - 0.215);
    cairo_line_to(cr, q.x - 0.055, q.y - 0.215);
    rd_stroke(cv, &(rd_pen){ rd_hex(INK, 1), 0.014, false, 0 });
}

/* Trade goods on a cream badge: wine a dark red barrel with its hoops,
 * grain a golden sheaf, cloth a blue bolt with its roll: told apart by
 * colour and by shape. */
void ta_draw_goods(rd_canvas *cv, int g, rd_pt q, double r)
{
    cairo_t *cr = rd_cairo(cv);
    rd_pen ink = { rd_hex(INK, 1), r * 0.12, true, 0 };
    rd_circle(cr, q.x, q.y, r);
    rd_fill_stroke(cv, rd_hex(0xfbf6e8, 1), &ink);
    cairo_save(cr);
    cairo_translate(cr, q.x, q.y);
    cairo_scale(cr, r, r);
    ink.width = 0.1;
    switch (g) {
    case CC_GOODS_WINE:
        cairo_move_to(cr, -0.38, -0.58);
        cairo_curve_to(cr, -0.6, -0.2, -0.6, 0.2, -0.38, 0.58);
        cairo_line_to(cr, 0.38, 0.58);
        cairo_curve_to(cr, 0.6, 0.2, 0.6, -0.2, 0.38, -0.58);
        cairo_close_path(cr);
        rd_fill_stroke(cv, rd_hex(0x7b2233, 1), &ink);
        for (int i = -1; i <= 1; i += 2) {   /* the hoops */
            cairo_move_to(cr, -0.5, i * 0.3);
            cairo_line_to(cr, 0.5, i * 0.3);
        }
        rd_stroke(cv, &(rd_pen){ rd_hex(0xd8b25a, 1), 0.1, false, 0 });
        break;
    case CC_GOODS_GRAIN:
        for (int i = -1; i <= 1; i++) {   /* three stalks, each with its ear */
            cairo_move_to(cr, 0, 0.62);
            cairo_line_to(cr, i * 0.32, -0.2);
        }
        rd_stroke(cv, &(rd_pen){ rd_hex(0x9a7a1c, 1), 0.12, true, 0 });
        for (int i = -1; i <= 1; i++) {
            cairo_save(cr);
            cairo_translate(cr, i * 0.36, -0.36);
            cairo_rotate(cr, i * 0.4);
            cairo_scale(cr, 0.14, 0.3);
            rd_circle(cr, 0, 0, 1);
            cairo_restore(cr);
        }
        rd_fill_stroke(cv, rd_hex(0xe8b62c, 1), &ink);
        break;
    case CC_GOODS_CLOTH:
    default:
        cairo_rectangle(cr, -0.3, -0.42, 0.82, 0.84);
        rd_fill_stroke(cv, rd_hex(0x2f64b0, 1), &ink);
        cairo_save(cr);   /* the roll at its end */
        cairo_translate(cr, -0.32, 0);
        cairo_scale(cr, 0.26, 0.42);
        rd_circle(cr, 0, 0, 1);
        cairo_restore(cr);
        rd_fill_stroke(cv, rd_hex(0x5b8fd8, 1), &ink);
        cairo_move_to(cr, 0.1, -0.42);
        cairo_line_to(cr, 0.1, 0.42);
        rd_stroke(cv, &(rd_pen){ rd_hex(0xbcd3f2, 1), 0.08, false, 0 });
        break;
    }
    cairo_restore(cr);
}

/* Cloister: a red-roofed church with a bell tower; shrine: a round chapel
 * with a dark dome; abbey: a larger slate-roofed church. */
static void draw_building(rd_canvas *cv, const cc_tile_type *t, cc_feature_type type)
{
    cairo_t *cr = rd_cairo(cv);
    rd_pen ink = { rd_hex(INK, 1), 0.014, true, 0 };
    if (type == CC_FEAT_SHRINE) {
        rd_circle(cr, 0.5, 0.5, 0.16);
        rd_fill_stroke(cv, rd_hex(0x5b4684, 1), &ink);
        rd_circle(cr, 0.5, 0.5, 0.09);
        rd_fill_stroke(cv, rd_hex(0x8d78b8, 1), &ink);
        rd_circle(cr, 0.5, 0.5, 0.03);
        rd_fill(cv, rd_hex(0xf6d36b, 1));
        return;
    }
    bool abbey = type == CC_FEAT_ABBEY || t->is_abbey;
    double w = abbey ? 0.22 : 0.15, h = abbey ? 0.26 : 0.19;
    unsigned light = abbey ? 0x6f84a3 : 0xc45c42, dark = abbey ? 0x536684 : 0x9b412e;
    cairo_rectangle(cr, 0.5 - w, 0.5 - h + 0.05, w, 2 * h - 0.05);
    rd_fill(cv, rd_hex(light, 1));
    cairo_rectangle(cr, 0.5, 0.5 - h + 0.05, w, 2 * h - 0.05);
    rd_fill(cv, rd_hex(dark, 1));
    cairo_rectangle(cr, 0.5 - w, 0.5 - h + 0.05, 2 * w, 2 * h - 0.05);
    cairo_move_to(cr, 0.5, 0.5 - h + 0.05);
    cairo_line_to(cr, 0.5, 0.5 + h);
    rd_stroke(cv, &ink);
    double tw = abbey ? 0.08 : 0.065;   /* the tower, with a cross */
    cairo_rectangle(cr, 0.5 - tw, 0.5 - h - tw + 0.05, 2 * tw, 2 * tw);
    rd_fill_stroke(cv, rd_hex(STONE, 1), &ink);
    double cy = 0.5 - h + 0.05;
    cairo_move_to(cr, 0.5, cy - tw * 0.7);
    cairo_line_to(cr, 0.5, cy + tw * 0.7);
    cairo_move_to(cr, 0.5 - tw * 0.45, cy - tw * 0.2);
    cairo_line_to(cr, 0.5 + tw * 0.45, cy - tw * 0.2);
    rd_stroke(cv, &(rd_pen){ rd_hex(INK, 1), 0.02, false, 0 });
}

void ta_draw(rd_canvas *cv, const ta_tile *art, const cc_tile_type *t, const int8_t *tint,
             const rd_rgba *tints)
{
    cairo_t *cr = rd_cairo(cv);
    cairo_rectangle(cr, 0, 0, 1, 1);
    rd_fill(cv, rd_hex(t->is_abbey ? 0xd9d0bd : FIELD, 1));
    if (t->hill)
        draw_hill(cv);
    for (int k = 0; tint && k < art->nparts; k++)
        if (tint[k] >= 0 && art->part[k].type == CC_FEAT_FIELD && !art->part[k].inner) {
            ta_field_path(cr, &art->part[k]);
            rd_fill(cv, tints[tint[k]]);
        }
    if (art->has_vine)
        draw_vine(cv, art->vine, art->small_vine);
    draw_rivers(cv, art, t);
    draw_roads(cv, art);
    draw_arms(cv, art);
    for (int k = art->nparts - 1; k >= 0; k--)   /* #0 last: CCcc+'s bridge */
        if (is_city(&art->part[k]))
            draw_city(cv, &art->part[k]);
    for (int k = 0; k < art->nparts; k++) {
        const ta_part *p = &art->part[k];
        if (p->type == CC_FEAT_FIELD && p->inner) {
            draw_court(cv, p);
            if (tint && tint[k] >= 0) {
                ta_field_path(cr, p);
                rd_fill(cv, tints[tint[k]]);
            }
        }
        for (int i = 0; i < p->npennants; i++)
            draw_pennant(cv, p->pennant[i]);
    }
    for (int i = 0; i < art->nhouses; i++)
        draw_house(cv, art->house[i]);
    for (int k = 0; k < art->nparts; k++)
        if (art->part[k].has_landmark) {
            if (art->part[k].type == CC_FEAT_ROAD)
                draw_inn(cv, art->part[k].landmark);
            else
                draw_cathedral(cv, art->part[k].landmark);
        }
    for (int k = 0; k < art->nparts; k++)
        for (int i = 0; i < art->part[k].ngoods; i++)
            ta_draw_goods(cv, art->part[k].goods_kind[i], art->part[k].goods_at[i], 0.075);
    if (art->centre >= 0)
        draw_building(cv, t, (cc_feature_type)art->part[art->centre].type);
    cairo_rectangle(cr, 0, 0, 1, 1);
    rd_stroke(cv, &(rd_pen){ rd_hex(FIELD_DARK, 0.9), 0.012, false, 0 });
}

/* ---- the key's symbols ---------------------------------------------------------- */

/* A road or river from the west edge at height y to x = to (the centre, or
 * across): its banks, then its bed, as draw_roads and draw_rivers paint
 * them. */
static void band(rd_canvas *cv, double to, double y, unsigned edge, double edge_width, unsigned bed,
                 double bed_width)
{
    cairo_t *cr = rd_cairo(cv);
    for (int pass = 0; pass < 2; pass++) {
        cairo_move_to(cr, 0, y);
        cairo_line_to(cr, to, y);
        rd_stroke(cv, &(rd_pen){ rd_hex(pass ? bed : edge, 1), pass ? bed_width : edge_width, false, 0 });
    }
}

/* Save the state and draw what follows k times larger about (x, y), its
 * origin there; the caller restores. */
static void enlarged(cairo_t *cr, double x, double y, double k)
{
    cairo_save(cr);
    cairo_translate(cr, x, y);
    cairo_scale(cr, k, k);
}

void ta_draw_symbol(rd_canvas *cv, ta_symbol s)
{
    static const cc_tile_type plain;   /* a land tile: a cloister's colours */
    cairo_t *cr = rd_cairo(cv);
    cairo_rectangle(cr, 0, 0, 1, 1);
    rd_fill(cv, rd_hex(s == TA_SYM_ABBEY ? 0xd9d0bd : FIELD, 1));
    switch (s) {
    case TA_SYM_HOUSE:
        band(cv, 0.5, 0.5, ROAD_EDGE, 0.15, ROAD, 0.1);
        enlarged(cr, 0.62, 0.5, 2);   /* the house, larger than on a tile */
        draw_house(cv, pt(0, 0));
        cairo_restore(cr);
        break;
    case TA_SYM_PENNANT:
    case TA_SYM_CATHEDRAL:   /* on the city's ground, filling the square */
        cairo_rectangle(cr, 0, 0, 1, 1);
        rd_fill(cv, rd_hex(CITY, 1));
        enlarged(cr, s == TA_SYM_PENNANT ? 0.5 : 0.52, s == TA_SYM_PENNANT ? 0.45 : 0.6, 2.6);
        if (s == TA_SYM_PENNANT)
            draw_pennant(cv, pt(0, 0));
        else
            draw_cathedral(cv, pt(0, 0));
        cairo_restore(cr);
        break;
    case TA_SYM_CLOISTER:
    case TA_SYM_SHRINE:
    case TA_SYM_ABBEY:
        enlarged(cr, 0.5, 0.53, s == TA_SYM_ABBEY ? 1.6 : 2);   /* the building, filling the square */
        cairo_translate(cr, -0.5, -0.5);
        draw_building(cv, &plain, s == TA_SYM_SHRINE ? CC_FEAT_SHRINE
                                  : s == TA_SYM_ABBEY ? CC_FEAT_ABBEY : CC_FEAT_CLOISTER);
        cairo_restore(cr);
        break;
    case TA_SYM_HILL:
        draw_hill(cv);
        break;
    case TA_SYM_VINEYARD:
        enlarged(cr, 0.5, 0.5, 2.8);
        draw_vine(cv, pt(0, 0), false);
        cairo_restore(cr);
        break;
    case TA_SYM_COURT: {
        cairo_rectangle(cr, 0, 0, 1, 1);
        rd_fill(cv, rd_hex(CITY, 1));
        ta_part court = { .anchor = { 0.5, 0.5 } };
        enlarged(cr, 0.5, 0.5, 2.6);
        cairo_translate(cr, -0.5, -0.5);
        draw_court(cv, &court);
        cairo_restore(cr);
        break;
    }
    case TA_SYM_RIVER:
    case TA_SYM_VOLCANO:
        band(cv, 0.5, 0.5, WATER_EDGE, 0.2, WATER, 0.15);
        rd_circle(cr, 0.55, 0.5, s == TA_SYM_VOLCANO ? 0.3 : 0.2);
        rd_fill_stroke(cv, rd_hex(WATER, 1), &(rd_pen){ rd_hex(WATER_EDGE, 1), 0.035, true, 0 });
        if (s == TA_SYM_VOLCANO) {
            cairo_move_to(cr, 0.38, 0.66);
            cairo_line_to(cr, 0.5, 0.36);
            cairo_line_to(cr, 0.6, 0.36);
            cairo_line_to(cr, 0.72, 0.66);
            cairo_close_path(cr);
            rd_fill_stroke(cv, rd_hex(VOLCANO, 1), &(rd_pen){ rd_hex(INK, 1), 0.02, true, 0 });
        }
        break;
    case TA_SYM_INN:   /* a road across, the inn beside it, as on a tile but larger */
        band(cv, 1, 0.62, ROAD_EDGE, 0.15, ROAD, 0.1);
        enlarged(cr, 0.5, 0.4, 3);
        draw_inn(cv, pt(0, 0));
        cairo_restore(cr);
        break;
    case TA_SYM_WINE:
    case TA_SYM_GRAIN:
    case TA_SYM_CLOTH:
        cairo_rectangle(cr, 0, 0, 1, 1);
        rd_fill(cv, rd_hex(CITY, 1));
        ta_draw_goods(cv, (int)(s - TA_SYM_WINE), pt(0.5, 0.5), 0.4);
        break;
    case TA_NSYMS:
    default:
        break;
    }
    cairo_rectangle(cr, 0, 0, 1, 1);
    rd_stroke(cv, &(rd_pen){ rd_hex(FIELD_DARK, 0.9), 0.04, false, 0 });
}
