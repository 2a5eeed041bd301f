// SPDX-License-Identifier: GPL-2.0
/*
 * Phase 4, output: the words of every coverage and region diagnostic
 * (docs/diagnostics.md), for the access itself and for the call site that
 * caused it.  Each function here turns one finding into one diagnostic
 * with its notes; which findings are said, and where, is judge.c's.
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

static location_t where(const struct ua_finding *f, struct ua_access *acc)
{
	return f->call ? ua_user_location(gimple_location(f->call)) : acc->loc;
}

static tree where_fn(const struct ua_finding *f, struct ua_access *acc)
{
	return f->call ? f->caller->node->decl : acc->fn->node->decl;
}

/*
 * Inside a 7.x scope only the pointer the scope names is validated (its
 * shadow); an alias taken before the scope is the raw pointer.
 */
static void scope_note(struct ua_diag *d, const struct ua_prim *scope)
{
	char *ptr = ua_call_arg_text(scope->loc, 0);

	ua_note(d, scope->loc, "this scope validates only '%s', the pointer it names",
		ptr ? ptr : "?");
	free(ptr);
}

/* The scope the access stands in, if its region is one. */
static const struct ua_prim *enclosing_scope(struct ua_access *acc)
{
	const struct ua_prim *p = ua_region_opener(acc->fn, acc->asms[0].region);

	return ua_prim_is_scope(p) ? p : NULL;
}

/*
 * An alias of a masked pointer is judged as an offset of it because an
 * access through the masked pointer itself runs first (coverage.c).
 */
static void anchor_note(struct ua_diag *d, const struct ua_finding *f)
{
	char *p = xstrdup(ua_pointer_text(&f->ref));

	ua_note(d, ua_user_location(gimple_location(f->anchor)),
		"this access through the masked pointer runs first and faults for a bad address, so '%s' counts as an offset of it",
		p);
	free(p);
}

static void cover_notes(struct ua_diag *d, location_t loc,
			const struct ua_finding *f, struct ua_access *acc)
{
	if (f->call)
		ua_note(d, acc->loc, "accessed here");
	if (f->kept) {
		ua_note(d, loc, "checked where the pointer was stored, for " HOST_WIDE_INT_PRINT_DEC " bytes: %s in %s",
			f->kept->bytes, f->kept->check, f->kept->where);
		return;
	}
	if (f->cls == UA_RANGE || (f->cls == UA_UNPROVEN && f->prim)) {
		ua_note(d, f->prim->loc, "checked here");
		if (f->anchor)
			anchor_note(d, f);
		return;
	}
	if (f->cls != UA_UNCHECKED)
		return;
	if (f->stray)
		ua_note(d, f->stray->loc,
			"this check of the pointer does not cover every path to the access");
	else if (ua_prim_is_scope(f->other))
		scope_note(d, f->other);
	else if (f->other)
		ua_note(d, f->other->loc, "this check validates a different pointer");
	else if (enclosing_scope(acc))
		scope_note(d, enclosing_scope(acc));
	else
		ua_note(d, loc, "no check of '%s'%s was found",
			ua_pointer_text(&f->ref), ua_root_note(&f->ref));
}

static struct ua_diag *say_unchecked(location_t loc, tree fndecl,
				     const struct ua_finding *f,
				     struct ua_access *acc, const char *p)
{
	if (f->call)
		return ua_report(loc, f->cls, fndecl,
				 "call to '%s' passes '%s' to %s() without validating it on every path",
				 ua_fn_name(f->callee), p, acc->name);
	return ua_report(loc, f->cls, fndecl,
			 "%s() on '%s' is not validated by access_ok() or a checking begin on every path",
			 acc->name, p);
}

/*
 * "bytes 8..11" or, through a loop, "bytes from 8", of the root; and the
 * checked bytes: "the 4 bytes checked" when the check starts at the root
 * and the access passes its end, else "bytes 4..7 checked".
 */
static struct ua_diag *say_range(location_t loc, tree fndecl,
				 const struct ua_finding *f,
				 struct ua_access *acc, const char *p)
{
	char bytes[64], bound[96];

	if (f->last == UA_UNKNOWN_LAST)
		snprintf(bytes, sizeof(bytes), "bytes from " HOST_WIDE_INT_PRINT_DEC,
			 f->first);
	else
		snprintf(bytes, sizeof(bytes), "bytes " HOST_WIDE_INT_PRINT_DEC ".."
			 HOST_WIDE_INT_PRINT_DEC, f->first, f->last);
	if (f->prim && f->prim->kind == PRIM_MASK && !f->checked_at)
		snprintf(bound, sizeof(bound), "outside bytes 0.."
			 HOST_WIDE_INT_PRINT_DEC " that a masked pointer covers",
			 f->checked - 1);
	else if (f->prim && f->prim->kind == PRIM_MASK)
		snprintf(bound, sizeof(bound), "outside bytes "
			 HOST_WIDE_INT_PRINT_DEC ".." HOST_WIDE_INT_PRINT_DEC
			 " that the masked pointer covers", f->checked_at,
			 f->checked_at + f->checked - 1);
	else if (!f->checked_at && f->first >= 0)
		snprintf(bound, sizeof(bound), "beyond the " HOST_WIDE_INT_PRINT_DEC
			 " bytes checked", f->checked);
	else
		snprintf(bound, sizeof(bound), "outside bytes " HOST_WIDE_INT_PRINT_DEC
			 ".." HOST_WIDE_INT_PRINT_DEC " checked", f->checked_at,
			 f->checked_at + f->checked - 1);
	if (f->call)
		return ua_report(loc, f->cls, fndecl,
				 "call to '%s' passes '%s' to %s(), which accesses %s of it, %s",
				 ua_fn_name(f->callee), p, acc->name, bytes, bound);
	return ua_report(loc, f->cls, fndecl, "%s() accesses %s of '%s', %s",
			 acc->name, bytes, p, bound);
}

void ua_say_cover(const struct ua_finding *f, struct ua_access *acc)
{
	location_t loc = where(f, acc);
	tree fndecl = where_fn(f, acc);
	/* a range counts bytes from the root: name it unless the written pointer is it */
	char *p = xstrdup(f->near ? ua_near_text(&f->ref) :
			  f->cls == UA_RANGE && !f->ref.written_is_root ?
			  ua_root_text(&f->ref) : ua_pointer_text(&f->ref));
	struct ua_diag *d;

	if (f->cls == UA_UNCHECKED)
		d = say_unchecked(loc, fndecl, f, acc, p);
	else if (f->cls == UA_RANGE)
		d = say_range(loc, fndecl, f, acc, p);
	else if (f->requirement)
		d = ua_report(loc, f->cls, fndecl,
			      "%s() on '%s' relies on a check in the callers of '%s', %s",
			      acc->name, p, ua_fn_name(f->fn),
			      ua_unseen_callers(f->fn));
	else
		d = ua_report(loc, f->cls, fndecl,
			      "%s() on '%s' is not proven to stay within the checked range",
			      acc->name, p);
	cover_notes(d, loc, f, acc);
	free(p);
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

void ua_say_region(const struct ua_finding *f, struct ua_access *acc)
{
	location_t loc = where(f, acc);
	tree fndecl = where_fn(f, acc);
	struct ua_diag *d;

	if (f->cls == UA_REGION && f->call)
		d = ua_report(loc, f->cls, fndecl,
			      "call to '%s' reaches %s() outside an open user-access region",
			      ua_fn_name(f->callee), acc->name);
	else if (f->cls == UA_REGION)
		d = ua_report(loc, f->cls, fndecl,
			      "%s() is outside an open user-access region on some path",
			      acc->name);
	else if (f->cls == UA_MODE && f->call)
		d = ua_report(loc, f->cls, fndecl,
			      "call to '%s' reaches %s(), which %s in a region opened for %s",
			      ua_fn_name(f->callee), acc->name, mode_words(acc->mode),
			      opened_for(f->prim->mode));
	else if (f->cls == UA_MODE)
		d = ua_report(loc, f->cls, fndecl,
			      "%s() %s in a region opened for %s", acc->name,
			      mode_words(acc->mode), opened_for(f->prim->mode));
	else
		d = ua_report(loc, f->cls, fndecl,
			      "%s() relies on a user-access region opened by the callers of '%s', %s",
			      acc->name, ua_fn_name(f->fn),
			      ua_unseen_callers(f->fn));
	if (f->call)
		ua_note(d, acc->loc, "accessed here");
	if (f->cls == UA_MODE)
		ua_note(d, f->prim->loc, "region opened here");
}

void ua_say_fn_finding(struct ua_fn *fn, const struct ua_fn_finding *f)
{
	struct ua_diag *d;

	if (f->inner)
		d = ua_report(f->loc, UA_REGION, fn->node->decl,
			      "%s() opens a user-access region inside one already open",
			      f->inner->name);
	else if (f->blind && f->callee)
		d = ua_report(f->loc, UA_UNPROVEN, fn->node->decl,
			      "the region opened by %s() holds no accessor the plugin can see: its user accesses, if any, are in '%s', which is not analysed",
			      f->begin->name, lang_hooks.decl_printable_name(f->callee, 0));
	else if (f->blind)
		d = ua_report(f->loc, UA_UNPROVEN, fn->node->decl,
			      "the region opened by %s() holds no accessor the plugin can see: its user accesses, if any, are inline asm it does not read",
			      f->begin->name);
	else if (f->end && ua_prim_is_scope(f->begin))
		d = ua_report(f->loc, UA_REGION, fn->node->decl,
			      "%s() ends the region of a scope, whose cleanup ends it again",
			      f->end->name);
	else if (f->end)
		d = ua_report(f->loc, UA_REGION, fn->node->decl,
			      "%s() does not close the region opened by %s()",
			      f->end->name, f->begin->name);
	else
		d = ua_report(f->loc, UA_REGION, fn->node->decl,
			      "returns with the user-access region still open");
	if (f->begin && !f->blind)
		ua_note(d, f->begin->loc, "region opened here");
}
