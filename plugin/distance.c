// SPDX-License-Identifier: GPL-2.0
/*
 * Phase 4, output: distance, how far an access is from the check that
 * makes it safe.
 *
 * "The access_ok() check is quite a distance away" (the epoll review that
 * started this project).  Two shapes are reported:
 *
 *  - a region opened by an unchecked begin (__uaccess_begin() and the
 *    like) whose access_ok() is in another function, or more than
 *    distance=N source lines above it in the same one, or nowhere in this
 *    unit: one diagnostic per region, at its first access;
 *  - accesses in a helper whose region was opened in a caller: two or
 *    more calls up at level 1, one call up (the __unsafe_setup_sigcontext()
 *    shape) only at level 2; one diagnostic per helper and region;
 *  - accesses through a pointer the kernel keeps, checked where it was
 *    stored (registrations.def), at level 2: one diagnostic per access.
 *
 * The notes give the check as written, every call of the chain from the
 * checking function down, and the distance in calls and source lines.
 * The check, the region and the chain of one diagnostic come from one
 * proof, that is from one path of the caller walk: a helper called from
 * two regions gets one diagnostic per region, each with its own check.
 */
#include "uaccess_check.h"
#include "verdict.h"

static bool unchecked_begin(const struct ua_prim *p)
{
	return p->kind == PRIM_OPEN && !p->masked;
}

static int line_of(location_t loc)
{
	return expand_location(loc).line;
}

static bool same_file(location_t a, location_t b)
{
	const char *fa = expand_location(a).file, *fb = expand_location(b).file;

	return fa && fb && !strcmp(fa, fb);
}

static void chain_notes(struct ua_diag *d, const struct ua_chain *chain)
{
	unsigned i;

	for (i = 0; i < chain->n; i++)
		ua_say_note(d, ua_user_location(gimple_location(chain->call[i])),
			    CALL_OF, i + 1, chain->n, ua_fn_name(chain->caller[i]),
			    ua_fn_name(chain->callee[i]));
}

static void check_note(struct ua_diag *d, const struct ua_proof *c)
{
	char *text = ua_source_call(c->prim->loc);

	if (c->prim->kind == PRIM_HELPER) {
		const struct ua_prim *inner = ua_inner_check(c->prim);
		char *itext = ua_source_call(inner->loc);

		ua_say_note(d, inner->loc, CHECKED_BY,
			    ua_fn_name(c->prim->helper), itext);
		ua_say_note(d, c->prim->loc, RESULT_TESTED, text);
		free(itext);
	} else {
		ua_say_note(d, c->prim->loc, CHECKED_HERE_TEXT, text);
	}
	free(text);
}

/* From the check, or from the begin when no check is on the path. */
static void distance_note(struct ua_diag *d, location_t from, bool check,
			  location_t at, unsigned calls)
{
	if (same_file(from, at))
		ua_say_note(d, at, DISTANCE_LINES, calls, calls == 1 ? "" : "s",
			    abs(line_of(at) - line_of(from)),
			    check ? "check" : "begin");
	else
		ua_say_note(d, at, DISTANCE_FILE, calls, calls == 1 ? "" : "s");
}

/* Say what is proven about the bytes, and what is not. */
static void coverage_note(struct ua_diag *d, location_t at,
			  const struct ua_proof *c)
{
	char *text = ua_source_call(ua_inner_check(c->prim)->loc);
	tree len = ua_check_length(c->prim);

	if (c->cls == UA_PROVEN)
		ua_say_note(d, at, COVERS);
	else if (!c->ref.off_known)
		ua_say_note(d, at, MOVES, text);
	else if (!len || TREE_CODE(len) != INTEGER_CST)
		ua_say_note(d, at, RUNTIME_LENGTH, text, c->ref.off);
	free(text);
}

/* A coverage requirement of @acc, if any (the check is not in the unit). */
static const struct ua_requirement *cover_requirement(struct ua_access *acc)
{
	unsigned i;

	for (i = 0; i < acc->cover->nreqs; i++)
		if (!acc->cover->req[i].region)
			return &acc->cover->req[i];
	return NULL;
}

/* The access of @list whose check is farthest away (or missing). */
static struct ua_access *farthest(struct ua_access **list, unsigned n,
				  const struct ua_proof **proof)
{
	struct ua_access *best = NULL;
	unsigned i;

	*proof = NULL;
	for (i = 0; i < n; i++) {
		const struct ua_proof *p = ua_farthest_proof(list[i]->cover);

		if (cover_requirement(list[i])) {
			*proof = NULL;
			return list[i];
		}
		if (p && (!*proof || p->chain.n > (*proof)->chain.n)) {
			best = list[i];
			*proof = p;
		}
	}
	return best;
}

static void list_accesses(struct ua_diag *d, struct ua_access **list,
			  unsigned n, struct ua_access *first)
{
	unsigned i;

	for (i = 0; i < n; i++)
		if (list[i] != first)
			ua_say_note(d, list[i]->loc, REGION_ALSO, list[i]->name);
}

static void report_requirement(const struct ua_prim *b,
			       struct ua_access **list, unsigned n,
			       const struct ua_requirement *r)
{
	struct ua_diag *d;

	d = ua_say(list[0]->loc, list[0]->fn->node->decl, BEGIN_RELIES,
		   b->name, ua_root_text(&r->ref), ua_fn_name(r->fn),
		   ua_unseen_callers(r->fn));
	ua_say_note(d, b->loc, REGION_OPENED_HERE);
	list_accesses(d, list, n, list[0]);
}

/* How many calls below @b's function @acc runs in its region. */
static unsigned region_depth(struct ua_access *acc, const struct ua_prim *b)
{
	unsigned i;

	for (i = 0; i < acc->region->nproofs; i++)
		if (acc->region->proof[i].prim == b)
			return acc->region->proof[i].chain.n;
	return 0;
}

static void report_unchecked_begin(const struct ua_prim *b,
				   struct ua_access **list, unsigned n)
{
	const struct ua_proof *c;
	struct ua_access *far = farthest(list, n, &c);
	tree fndecl = list[0]->fn->node->decl;
	struct ua_chain up;
	struct ua_diag *d;
	int lines;

	if (!far || (c && c->kept))
		return;		/* unchecked, or kept: reported as such */
	if (!c) {
		report_requirement(b, list, n, cover_requirement(far));
		return;
	}
	/* the calls from the check down to the begin, not to a helper below */
	up = c->chain;
	up.n -= MIN(up.n, region_depth(far, b));
	lines = line_of(b->loc) - line_of(c->prim->loc);
	if (!up.n && same_file(b->loc, c->prim->loc) &&
	    lines <= ua_opts.distance_lines)
		return;
	if (up.n && c->prim->kind == PRIM_HELPER)
		d = ua_say(list[0]->loc, fndecl, BEGIN_FAR_VIA, b->name,
			   ua_fn_name(c->prim->helper), ua_fn_name(c->prim_fn),
			   up.n, up.n == 1 ? "" : "s");
	else if (up.n)
		d = ua_say(list[0]->loc, fndecl, BEGIN_FAR_CALLS, b->name,
			   ua_fn_name(c->prim_fn), up.n, up.n == 1 ? "" : "s");
	else
		d = ua_say(list[0]->loc, fndecl, BEGIN_FAR_LINES, b->name, lines);
	check_note(d, c);
	chain_notes(d, &up);
	ua_say_note(d, b->loc, REGION_OPENED_HERE);
	distance_note(d, c->prim->loc, true, far->loc, c->chain.n);
	coverage_note(d, far->loc, c);
	list_accesses(d, list, n, list[0]);
}

static bool in_region_of(struct ua_access *acc, const struct ua_prim *b)
{
	unsigned i;

	for (i = 0; i < acc->region->nproofs; i++)
		if (acc->region->proof[i].prim == b)
			return true;
	return false;
}

/*
 * Every access in the region of an unchecked begin of @fn, its own and
 * its helpers' (the region proofs say which), judged together.
 */
static void unchecked_begins(struct ua_fn *fn, struct ua_access **list)
{
	unsigned i, j, k, n;

	for (i = 0; i < fn->nprims; i++) {
		const struct ua_prim *b = &fn->prims[i];

		if (!unchecked_begin(b) || b->token < 0)
			continue;
		n = 0;
		for (j = 0; j < ua_unit_count(); j++) {
			struct ua_fn *f = ua_unit_fn(j);

			for (k = 0; k < f->naccesses; k++)
				if (in_region_of(&f->accesses[k], b))
					list[n++] = &f->accesses[k];
		}
		qsort(list, n, sizeof(*list), ua_compare_accesses);
		if (n)
			report_unchecked_begin(b, list, n);
	}
}

/* Is @tail the last calls of @chain (the same path, maybe longer)? */
static bool chain_ends_with(const struct ua_chain *chain,
			    const struct ua_chain *tail)
{
	unsigned i, skip;

	if (tail->n > chain->n)
		return false;
	skip = chain->n - tail->n;
	for (i = 0; i < tail->n; i++)
		if (chain->call[skip + i] != tail->call[i])
			return false;
	return true;
}

/* One diagnostic per begin and distance: the words it would say. */
static bool same_region(const struct ua_proof *a, const struct ua_proof *b)
{
	return a->prim == b->prim && a->chain.n == b->chain.n;
}

static bool holds_region(struct ua_access *acc, const struct ua_proof *r)
{
	unsigned i;

	for (i = 0; i < acc->region->nproofs; i++)
		if (same_region(&acc->region->proof[i], r))
			return true;
	return false;
}

/* The check of @acc found on the path that opened @r. */
static const struct ua_proof *check_on_path(struct ua_access *acc,
					    const struct ua_proof *r)
{
	const struct ua_proof *best = NULL;
	unsigned i;

	for (i = 0; i < acc->cover->nproofs; i++) {
		const struct ua_proof *c = &acc->cover->proof[i];

		if (!c->kept && chain_ends_with(&c->chain, &r->chain) &&
		    (!best || c->chain.n > best->chain.n))
			best = c;
	}
	return best;
}

/* Of the paths through calls that open @key's region, one with a check. */
static const struct ua_proof *best_path(struct ua_access *acc,
					const struct ua_proof *key)
{
	const struct ua_proof *first = NULL;
	unsigned i;

	for (i = 0; i < acc->region->nproofs; i++) {
		const struct ua_proof *r = &acc->region->proof[i];

		if (!same_region(r, key))
			continue;
		if (check_on_path(acc, r))
			return r;
		if (!first)
			first = r;
	}
	return first ? first : key;
}

static void report_caller_region(struct ua_fn *fn, const struct ua_proof *key,
				 struct ua_access **list, unsigned n)
{
	const struct ua_proof *r = best_path(list[0], key);
	const struct ua_proof *c = check_on_path(list[0], r);
	char *text = ua_source_call(r->prim->loc);
	struct ua_diag *d;

	d = ua_say(list[0]->loc, fn->node->decl, REGION_UP, list[0]->name,
		   r->chain.n, r->chain.n == 1 ? "" : "s", text,
		   ua_fn_name(r->prim_fn));
	free(text);
	ua_say_note(d, r->prim->loc, REGION_OPENED_HERE);
	chain_notes(d, &r->chain);
	if (c)
		check_note(d, c);
	distance_note(d, c ? c->prim->loc : r->prim->loc, c != NULL,
		      list[0]->loc, c ? c->chain.n : r->chain.n);
	list_accesses(d, list, n, list[0]);
}

/*
 * A helper two or more calls below its region is said from the level of
 * REGION_UP; one call below (the __unsafe_setup_sigcontext() shape) is
 * common enough to wait for level 2.
 */
static int region_up_level(const struct ua_proof *r)
{
	return MAX(ua_msg_level[UA_MSG_REGION_UP], r->chain.n >= 2 ? 0 : 2);
}

/* Helpers whose region is a caller's: one diagnostic per caller region. */
static void caller_regions(struct ua_fn *fn, struct ua_access **list)
{
	unsigned i, j, k, n;

	for (i = 0; i < fn->naccesses; i++) {
		const struct ua_verdict *v = fn->accesses[i].region;

		for (k = 0; k < v->nproofs; k++) {
			const struct ua_proof *r = &v->proof[k];
			bool seen = false;

			if (!r->chain.n || ua_opts.level < region_up_level(r))
				continue;
			for (j = 0; j < i && !seen; j++)
				seen = holds_region(&fn->accesses[j], r);
			if (seen)
				continue;
			n = 0;
			for (j = 0; j < fn->naccesses; j++)
				if (holds_region(&fn->accesses[j], r))
					list[n++] = &fn->accesses[j];
			qsort(list, n, sizeof(*list), ua_compare_accesses);
			report_caller_region(fn, r, list, n);
		}
	}
}

/*
 * Accesses through a pointer the kernel keeps (registrations.def): the
 * check is where the pointer was stored, in another call, often another
 * syscall.  Said at level 2, one diagnostic per access.
 */
static void kept_accesses(struct ua_fn *fn)
{
	unsigned i;

	for (i = 0; i < fn->naccesses; i++) {
		struct ua_access *acc = &fn->accesses[i];
		const struct ua_proof *c = ua_farthest_proof(acc->cover);
		char *p;

		if (!c || !c->kept || acc->cover->cls != UA_PROVEN)
			continue;
		p = xstrdup(ua_pointer_text(&c->ref));
		ua_say(acc->loc, fn->node->decl, KEPT, acc->name, p,
		       c->kept->check, c->kept->where);
		free(p);
	}
}

/* The name a check is written with: the helper's, for a check helper. */
static const char *check_name(const struct ua_prim *p)
{
	return p->kind == PRIM_HELPER ? ua_fn_name(p->helper) : p->name;
}

/*
 * A family member validated far away: calls up, or more than distance=N
 * lines above in its own function.  Validated one or more calls away is
 * the family's design (most of the kernel's), so this is level 2 and the
 * map, one diagnostic per access.
 */
static void family_distance(struct ua_fn *fn, struct ua_access *acc)
{
	const struct ua_proof *c = ua_farthest_proof(acc->cover);
	struct ua_diag *d;
	char *p;
	int lines;

	/* the check is known even when the bytes are not (a loop) */
	if (!acc->family || !c || !c->prim || acc->cover->cls > UA_UNPROVEN)
		return;
	lines = line_of(acc->loc) - line_of(c->prim->loc);
	if (!c->chain.n && (!same_file(c->prim->loc, acc->loc) ||
			    lines <= ua_opts.distance_lines))
		return;
	p = xstrdup(ua_pointer_text(&c->ref));
	if (c->chain.n)
		d = ua_say(acc->loc, fn->node->decl, FAMILY_FAR_CALLS, acc->name,
			   p, check_name(c->prim), ua_fn_name(c->prim_fn),
			   c->chain.n, c->chain.n == 1 ? "" : "s");
	else
		d = ua_say(acc->loc, fn->node->decl, FAMILY_FAR_LINES, acc->name,
			   p, check_name(c->prim), lines);
	free(p);
	check_note(d, c);
	chain_notes(d, &c->chain);
	distance_note(d, c->prim->loc, true, acc->loc, c->chain.n);
}

static void family_distances(struct ua_fn *fn)
{
	unsigned i;

	for (i = 0; i < fn->naccesses; i++)
		family_distance(fn, &fn->accesses[i]);
}

void ua_distance_unit(void)
{
	struct ua_access **list;
	unsigned i, n = 0;

	if (ua_opts.level < ua_class_level(UA_DISTANCE))
		return;
	for (i = 0; i < ua_unit_count(); i++)
		n += ua_unit_fn(i)->naccesses;
	if (!n)
		return;
	list = XNEWVEC(struct ua_access *, n);
	for (i = 0; i < ua_unit_count(); i++) {
		unchecked_begins(ua_unit_fn(i), list);
		caller_regions(ua_unit_fn(i), list);
		if (ua_opts.level >= ua_msg_level[UA_MSG_KEPT])
			kept_accesses(ua_unit_fn(i));
		if (ua_opts.level >= ua_msg_level[UA_MSG_FAMILY_FAR_CALLS])
			family_distances(ua_unit_fn(i));
	}
	free(list);
}
