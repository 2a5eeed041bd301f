// SPDX-License-Identifier: GPL-2.0
/*
 * Distance: how far an access is from the check that makes it safe.
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
 *    shape) only at level 2; one diagnostic per helper and region.
 *
 * The notes give the check as written, every call of the chain from the
 * checking function down, and the distance in calls and source lines.
 */
#include "uaccess_check.h"
#include "verdict.h"

static bool unchecked_begin(const struct ua_prim *p)
{
	return p->kind == PRIM_STAC && !startswith(p->name, "masked_");
}

static const char *name_of(struct ua_fn *fn)
{
	return lang_hooks.decl_printable_name(fn->node->decl, 0);
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
		ua_note(d, ua_user_location(gimple_location(chain->call[i])),
			"call %u of %u: %s() calls %s()", i + 1, chain->n,
			name_of(chain->caller[i]), name_of(chain->callee[i]));
}

static void check_note(struct ua_diag *d, const struct ua_cover *c)
{
	char *text = ua_source_call(c->check->loc);

	if (c->check->kind == PRIM_HELPER) {
		char *inner = ua_source_call(c->check->helper->check_prim->loc);

		ua_note(d, c->check->helper->check_prim->loc,
			"checked by %s(): %s", name_of(c->check->helper), inner);
		ua_note(d, c->check->loc, "whose result is tested here: %s",
			text);
		free(inner);
	} else {
		ua_note(d, c->check->loc, "checked here: %s", text);
	}
	free(text);
}

static void distance_note(struct ua_diag *d, location_t check, location_t at,
			  unsigned calls)
{
	if (same_file(check, at))
		ua_note(d, at, "distance: %u call%s, %d source lines from the check to this access",
			calls, calls == 1 ? "" : "s",
			abs(line_of(at) - line_of(check)));
	else
		ua_note(d, at, "distance: %u call%s, in another file", calls,
			calls == 1 ? "" : "s");
}

/* Say what is proven about the bytes, and what is not. */
static void coverage_note(struct ua_diag *d, location_t at,
			  const struct ua_cover *c)
{
	const struct ua_prim *inner = c->check->kind == PRIM_HELPER ?
				      c->check->helper->check_prim : c->check;
	char *text = ua_source_call(inner->loc);
	tree len = ua_check_length(c->check);

	if (c->cls == UA_PROVEN)
		ua_note(d, at, "the check covers the bytes accessed here");
	else if (!c->ref.off_known)
		ua_note(d, at,
			"validated for the length in %s; the pointer reaching the access moves by a run-time amount (advanced in a loop or by a helper), so the bound is not proven",
			text);
	else if (!len || TREE_CODE(len) != INTEGER_CST)
		ua_note(d, at,
			"validated for the run-time length in %s; the access is at byte "
			HOST_WIDE_INT_PRINT_DEC " from the checked pointer, so the bound is not proven",
			text, c->ref.off);
	free(text);
}

/* The access of @list whose check is farthest away (or missing). */
static struct ua_access *farthest(struct ua_access **list, unsigned n)
{
	struct ua_access *best = NULL;
	unsigned i;

	for (i = 0; i < n; i++) {
		const struct ua_cover *c = list[i]->cover;

		if (c->requirement)
			return list[i];
		if (c->check && (!best || c->chain.n > best->cover->chain.n))
			best = list[i];
	}
	return best;
}

static void list_accesses(struct ua_diag *d, struct ua_access **list,
			  unsigned n, struct ua_access *first)
{
	unsigned i;

	for (i = 0; i < n; i++)
		if (list[i] != first)
			ua_note(d, list[i]->loc, "the region also holds %s() here",
				list[i]->name);
}

static int compare_loc(const void *pa, const void *pb)
{
	const struct ua_access *a = *(const struct ua_access *const *)pa;
	const struct ua_access *b = *(const struct ua_access *const *)pb;
	expanded_location xa = expand_location(a->loc);
	expanded_location xb = expand_location(b->loc);

	if (xa.line != xb.line)
		return xa.line < xb.line ? -1 : 1;
	return xa.column < xb.column ? -1 : xa.column > xb.column;
}

static void report_unchecked_begin(struct ua_fn *fn, const struct ua_prim *b,
				   struct ua_access **list, unsigned n)
{
	struct ua_access *far = farthest(list, n);
	struct ua_access *first = list[0];
	const struct ua_cover *c;
	struct ua_diag *d;
	int lines;

	if (!far)
		return;		/* unchecked: reported as such */
	c = far->cover;
	if (c->requirement) {
		d = ua_report(first->loc, UA_DISTANCE, fn->node->decl,
			      "%s() opens a region on '%s' with no access_ok() of it in this unit: it relies on the callers of '%s', %s",
			      b->name, ua_root_text(&c->ref), name_of(c->fn),
			      ua_unseen_callers(c->fn));
		ua_note(d, b->loc, "region opened here");
		list_accesses(d, list, n, first);
		return;
	}
	lines = line_of(b->loc) - line_of(c->check->loc);
	if (!c->chain.n && same_file(b->loc, c->check->loc) &&
	    lines <= ua_opts.distance_lines)
		return;
	if (c->chain.n && c->check->kind == PRIM_HELPER)
		d = ua_report(first->loc, UA_DISTANCE, fn->node->decl,
			      "%s() opens a region whose access_ok() is in %s(), called by %s(), %u call%s up",
			      b->name, name_of(c->check->helper),
			      name_of(c->check_fn), c->chain.n,
			      c->chain.n == 1 ? "" : "s");
	else if (c->chain.n)
		d = ua_report(first->loc, UA_DISTANCE, fn->node->decl,
			      "%s() opens a region whose access_ok() is in %s(), %u call%s up",
			      b->name, name_of(c->check_fn), c->chain.n,
			      c->chain.n == 1 ? "" : "s");
	else
		d = ua_report(first->loc, UA_DISTANCE, fn->node->decl,
			      "%s() opens a region whose access_ok() is %d lines above it",
			      b->name, lines);
	check_note(d, c);
	chain_notes(d, &c->chain);
	ua_note(d, b->loc, "region opened here");
	distance_note(d, c->check->loc, far->loc, c->chain.n);
	coverage_note(d, far->loc, c);
	list_accesses(d, list, n, first);
}

static unsigned accesses_in(struct ua_fn *fn, uint64_t token_bits,
			    const struct ua_prim *opener, bool by_region,
			    struct ua_access **list)
{
	unsigned i, n = 0;

	for (i = 0; i < fn->naccesses; i++) {
		struct ua_access *a = &fn->accesses[i];

		if (!a->cover || !a->region)
			continue;
		if (by_region ? a->region->opener == opener &&
				a->region->chain.n > 0 :
				(ua_region_at(fn, a->asms[0]) & token_bits) != 0)
			list[n++] = a;
	}
	qsort(list, n, sizeof(*list), compare_loc);
	return n;
}

static void unchecked_begins(struct ua_fn *fn, struct ua_access **list)
{
	unsigned i, n;

	for (i = 0; i < fn->nprims; i++) {
		const struct ua_prim *b = &fn->prims[i];

		if (!unchecked_begin(b) || b->token < 0)
			continue;
		n = accesses_in(fn, RS_TOKEN(b->token), NULL, false, list);
		if (n)
			report_unchecked_begin(fn, b, list, n);
	}
}

static void report_caller_region(struct ua_fn *fn, struct ua_access **list,
				 unsigned n)
{
	const struct ua_region *r = list[0]->region;
	char *text = ua_source_call(r->opener->loc);
	struct ua_diag *d;

	d = ua_report(list[0]->loc, UA_DISTANCE, fn->node->decl,
		      "%s() runs in a region opened %u call%s up, by %s in %s()",
		      list[0]->name, r->chain.n, r->chain.n == 1 ? "" : "s",
		      text, name_of(r->opener_fn));
	free(text);
	ua_note(d, r->opener->loc, "region opened here");
	chain_notes(d, &r->chain);
	if (list[0]->cover->check)
		check_note(d, list[0]->cover);
	distance_note(d, r->opener->loc, list[0]->loc, r->chain.n);
	list_accesses(d, list, n, list[0]);
}

/* Helpers whose region is a caller's: one diagnostic per opener. */
static void caller_regions(struct ua_fn *fn, struct ua_access **list)
{
	unsigned i, j, n;

	for (i = 0; i < fn->naccesses; i++) {
		const struct ua_region *r = fn->accesses[i].region;
		bool seen = false;

		if (!r || !r->opener || !r->chain.n ||
		    ua_opts.level < (r->chain.n >= 2 ? 1 : 2))
			continue;
		for (j = 0; j < i; j++)
			seen |= fn->accesses[j].region &&
				fn->accesses[j].region->opener == r->opener &&
				fn->accesses[j].region->chain.n > 0;
		if (seen)
			continue;
		n = accesses_in(fn, 0, r->opener, true, list);
		report_caller_region(fn, list, n);
	}
}

void ua_distance_fn(struct ua_fn *fn)
{
	struct ua_access **list;

	if (ua_opts.level < 1 || !fn->naccesses)
		return;
	list = XNEWVEC(struct ua_access *, fn->naccesses);
	unchecked_begins(fn, list);
	caller_regions(fn, list);
	free(list);
}
