// SPDX-License-Identifier: GPL-2.0
/*
 * Classification: one verdict per accessor as written, and the words of
 * each diagnostic.
 *
 * An accessor may expand to several asm statements (unsafe_copy_to_user
 * is a loop per word size); each is judged and the worst verdict stands
 * for the source call.  Coverage (unchecked, range, unproven) and region
 * (region, mode) are independent questions, so one access can earn one
 * diagnostic of each.  The same words serve the access and the call site
 * that caused it.
 */
#include "uaccess_check.h"
#include "verdict.h"

/* Why the callers of @fn could not be asked. */
const char *ua_unseen_callers(struct ua_fn *fn)
{
	if (fn->node->address_taken && !TREE_PUBLIC(fn->node->decl))
		return "which is called through a function pointer: not followed";
	if (fn->node->callers)
		return "which is global: its callers in other units are not seen here";
	return "none of which is in this unit";
}

static const char *pointer_text(const struct ua_cover *c)
{
	return ua_root_text(&c->ref);
}

static void cover_notes(struct ua_diag *d, location_t loc,
			struct ua_access *acc, const struct ua_cover *c,
			const char *callee)
{
	if (callee)
		ua_note(d, acc->loc, "accessed here");
	if (c->cls == UA_RANGE || (c->cls == UA_UNPROVEN && c->check)) {
		ua_note(d, c->check->loc, "checked here");
		return;
	}
	if (c->cls != UA_UNCHECKED)
		return;
	if (c->stray)
		ua_note(d, c->stray->loc,
			"this check of the pointer does not cover every path to the access");
	else if (c->other)
		ua_note(d, c->other->loc, "this check validates a different pointer");
	else
		ua_note(d, loc, "no check of '%s' was found", pointer_text(c));
}

void ua_report_cover(location_t loc, tree fndecl, struct ua_access *acc,
		     const struct ua_cover *c, const char *callee)
{
	struct ua_diag *d = NULL;
	const char *p;

	if (ua_quiet)
		return;
	p = pointer_text(c);
	if (c->cls == UA_UNCHECKED && callee)
		d = ua_report(loc, c->cls, fndecl,
			      "call to '%s' passes '%s' to %s() without validating it on every path",
			      callee, p, acc->name);
	else if (c->cls == UA_UNCHECKED)
		d = ua_report(loc, c->cls, fndecl,
			      "%s() on '%s' is not validated by access_ok() or a checking begin on every path",
			      acc->name, p);
	else if (c->cls == UA_RANGE && callee)
		d = ua_report(loc, c->cls, fndecl,
			      "call to '%s' passes '%s' to %s(), which accesses bytes "
			      HOST_WIDE_INT_PRINT_DEC ".." HOST_WIDE_INT_PRINT_DEC
			      " of it, beyond the " HOST_WIDE_INT_PRINT_DEC
			      " bytes checked",
			      callee, p, acc->name, c->first, c->last, c->checked);
	else if (c->cls == UA_RANGE)
		d = ua_report(loc, c->cls, fndecl,
			      "%s() accesses bytes " HOST_WIDE_INT_PRINT_DEC ".."
			      HOST_WIDE_INT_PRINT_DEC " of '%s', beyond the "
			      HOST_WIDE_INT_PRINT_DEC " bytes checked",
			      acc->name, c->first, c->last, p, c->checked);
	else if (c->cls == UA_UNPROVEN && c->requirement)
		d = ua_report(loc, c->cls, fndecl,
			      "%s() on '%s' relies on a check in the callers of '%s', %s",
			      acc->name, p,
			      lang_hooks.decl_printable_name(c->fn->node->decl, 0),
			      ua_unseen_callers(c->fn));
	else if (c->cls == UA_UNPROVEN)
		d = ua_report(loc, c->cls, fndecl,
			      "%s() on '%s' is not proven to stay within the checked range",
			      acc->name, p);
	if (d)
		cover_notes(d, loc, acc, c, callee);
}

static const char *mode_words(enum ua_mode m)
{
	switch (m) {
	case UA_MODE_READ:
		return "reads";
	case UA_MODE_WRITE:
		return "writes";
	default:
		return "reads and writes";
	}
}

static const char *opened_for(enum ua_mode m)
{
	return m == UA_MODE_READ ? "reading" : "writing";
}

void ua_report_region(location_t loc, tree fndecl, struct ua_access *acc,
		      const struct ua_region *r, const char *callee)
{
	struct ua_diag *d = NULL;

	if (ua_quiet)
		return;
	if (r->cls == UA_REGION && callee)
		d = ua_report(loc, r->cls, fndecl,
			      "call to '%s' reaches %s() outside an open user-access region",
			      callee, acc->name);
	else if (r->cls == UA_REGION)
		d = ua_report(loc, r->cls, fndecl,
			      "%s() is outside an open user-access region on some path",
			      acc->name);
	else if (r->cls == UA_MODE && callee)
		d = ua_report(loc, r->cls, fndecl,
			      "call to '%s' reaches %s(), which %s in a region opened for %s",
			      callee, acc->name, mode_words(acc->mode),
			      opened_for(r->opener->mode));
	else if (r->cls == UA_MODE)
		d = ua_report(loc, r->cls, fndecl,
			      "%s() %s in a region opened for %s", acc->name,
			      mode_words(acc->mode), opened_for(r->opener->mode));
	else if (r->cls == UA_UNPROVEN && r->requirement)
		d = ua_report(loc, r->cls, fndecl,
			      "%s() relies on a user-access region opened by the callers of '%s', %s",
			      acc->name,
			      lang_hooks.decl_printable_name(acc->fn->node->decl, 0),
			      ua_unseen_callers(acc->fn));
	if (!d)
		return;
	if (callee)
		ua_note(d, acc->loc, "accessed here");
	if (r->cls == UA_MODE)
		ua_note(d, r->opener->loc, "region opened here");
}

static void judge_asm(struct ua_access *acc, gimple *stmt,
		      struct ua_cover *worst_c, struct ua_region *worst_r)
{
	struct ua_fn *fn = acc->fn;
	struct ua_refs refs;
	struct ua_region r;
	HOST_WIDE_INT size;
	tree ptr;
	unsigned i;

	size = ua_access_size(stmt, &ptr);
	if (!ptr) {
		worst_c->cls = MAX(worst_c->cls, UA_UNPROVEN);
		return;
	}
	ua_resolve(ptr, &refs);
	if (refs.overflow)
		worst_c->cls = MAX(worst_c->cls, UA_UNPROVEN);
	for (i = 0; i < refs.n; i++) {
		struct ua_cover c;

		ua_cover_at(fn, gimple_bb(stmt), stmt, &refs.ref[i], size, acc,
			    0, &c);
		if (c.cls > worst_c->cls || !worst_c->fn ||
		    (c.cls == worst_c->cls && c.chain.n > worst_c->chain.n))
			*worst_c = c;
	}
	ua_region_ok_at(fn, stmt, acc, 0, &r);
	if (r.cls > worst_r->cls || (r.cls == worst_r->cls && !worst_r->opener))
		*worst_r = r;
	worst_r->via_callers |= r.via_callers;
}

struct ua_counts ua_counts;

void ua_judge_access(struct ua_access *acc)
{
	struct ua_cover c;
	struct ua_region r;
	unsigned i;
	bool reported = false;

	memset(&c, 0, sizeof(c));
	memset(&r, 0, sizeof(r));
	for (i = 0; i < acc->nasm; i++)
		judge_asm(acc, acc->asms[i], &c, &r);
	if (c.cls >= UA_RANGE || (c.cls == UA_UNPROVEN && ua_opts.level >= 2)) {
		if (!c.reported)
			ua_report_cover(acc->loc, acc->fn->node->decl, acc, &c, NULL);
		reported = c.cls != UA_UNPROVEN;
	}
	if (r.cls >= UA_REGION || (r.cls == UA_UNPROVEN && ua_opts.level >= 2)) {
		if (!r.reported)
			ua_report_region(acc->loc, acc->fn->node->decl, acc, &r, NULL);
		reported |= r.cls != UA_UNPROVEN;
	}
	acc->verdict = MAX(c.cls, r.cls);
	acc->via_callers = c.via_callers || r.via_callers;
	acc->cover = XNEW(struct ua_cover);
	*acc->cover = c;
	acc->region = XNEW(struct ua_region);
	*acc->region = r;
	ua_counts.accesses++;
	if (reported)
		ua_counts.reported++;
	else if (acc->verdict == UA_UNPROVEN)
		ua_counts.unproven++;
	else if (acc->via_callers)
		ua_counts.callers++;
	else
		ua_counts.proven++;
	ua_facts_access(acc);
}
