// SPDX-License-Identifier: GPL-2.0
/*
 * Phase 4, output: every coverage and region diagnostic
 * (docs/diagnostics.md), for the access itself and for the call site that
 * caused it, in the words of messages.def.  Each function here turns one finding into one diagnostic
 * with its notes; which findings are said, and where, is judge.c's.
 */
#include "uaccess_check.h"
#include "verdict.h"

/* Why the callers of @fn could not be asked. */
const char *ua_unseen_callers(struct ua_fn *fn)
{
	if (fn->node->address_taken && !TREE_PUBLIC(fn->node->decl))
		return UA_TEXT(UNSEEN_POINTER);
	if (fn->node->callers)
		return UA_TEXT(UNSEEN_GLOBAL);
	return UA_TEXT(UNSEEN_NONE);
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

	ua_say_note(d, scope->loc, SCOPE_ONLY, ptr ? ptr : "?");
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

	ua_say_note(d, ua_user_location(gimple_location(f->anchor)),
		    MASKED_FIRST, p);
	free(p);
}

static void cover_notes(struct ua_diag *d, location_t loc,
			const struct ua_finding *f, struct ua_access *acc)
{
	if (f->call)
		ua_say_note(d, acc->loc, ACCESSED_HERE);
	if (f->kept) {
		ua_say_note(d, loc, KEPT_CHECKED, f->kept->bytes, f->kept->check,
			    f->kept->where);
		return;
	}
	if (f->cls == UA_RANGE || (f->cls == UA_UNPROVEN && f->prim)) {
		ua_say_note(d, f->prim->loc, CHECKED_HERE);
		if (f->anchor)
			anchor_note(d, f);
		return;
	}
	if (f->cls != UA_UNCHECKED)
		return;
	if (f->stray)
		ua_say_note(d, f->stray->loc, NOT_EVERY_PATH);
	else if (ua_prim_is_scope(f->other))
		scope_note(d, f->other);
	else if (f->other)
		ua_say_note(d, f->other->loc, OTHER_POINTER);
	else if (enclosing_scope(acc))
		scope_note(d, enclosing_scope(acc));
	else
		ua_say_note(d, loc, NO_CHECK, ua_pointer_text(&f->ref),
			    ua_root_note(&f->ref));
}

/* What a maintainer would do about an unchecked family member. */
static char *family_fix(struct ua_access *acc)
{
	const char *form = ua_checked_form(acc->name);

	return form ? xasprintf(UA_TEXT(FIX_CHECKED), form) :
		      xstrdup(UA_TEXT(FIX_ACCESS_OK));
}

static struct ua_diag *say_family_unchecked(location_t loc, tree fndecl,
					    const struct ua_finding *f,
					    struct ua_access *acc,
					    const char *p)
{
	char *fix = family_fix(acc);
	struct ua_diag *d;

	if (f->call)
		d = ua_say(loc, fndecl, FAMILY_UNCHECKED_CALL,
			   ua_fn_name(f->callee), p, acc->name, fix);
	else
		d = ua_say(loc, fndecl, FAMILY_UNCHECKED, acc->name, p, fix);
	free(fix);
	return d;
}

/* Where a pointer nobody checked in sight came from, in words. */
static char *family_source(const struct ua_finding *f)
{
	gimple *def = NULL;

	if (f->unseen == UA_UNSEEN_FIELD_CHECKED)
		return xasprintf(UA_TEXT(SOURCE_FIELD_CHECKED), ua_root_text(&f->ref),
				 ua_fn_name(f->unseen_checker));
	if (f->unseen == UA_UNSEEN_PASSED)
		return xasprintf(UA_TEXT(SOURCE_PASSED),
				 lang_hooks.decl_printable_name(
					 gimple_call_fndecl(f->unseen_call), 0));
	if (f->ref.kind == ROOT_LOAD)
		return xasprintf(UA_TEXT(SOURCE_LOAD), ua_root_text(&f->ref));
	if (f->ref.kind == ROOT_VALUE && TREE_CODE(f->ref.root) == SSA_NAME)
		def = SSA_NAME_DEF_STMT(f->ref.root);
	if (def && is_gimple_call(def) && gimple_call_fndecl(def))
		return xasprintf(UA_TEXT(SOURCE_CALL),
				 lang_hooks.decl_printable_name(
					 gimple_call_fndecl(def), 0));
	return xstrdup(UA_TEXT(SOURCE_VALUE));
}

static struct ua_diag *say_unchecked(location_t loc, tree fndecl,
				     const struct ua_finding *f,
				     struct ua_access *acc, const char *p)
{
	if (acc->family)
		return say_family_unchecked(loc, fndecl, f, acc, p);
	if (f->call)
		return ua_say(loc, fndecl, UNCHECKED_CALL,
			      ua_fn_name(f->callee), p, acc->name);
	return ua_say(loc, fndecl, UNCHECKED, acc->name, p);
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
		snprintf(bytes, sizeof(bytes), UA_TEXT(BYTES_FROM), f->first);
	else
		snprintf(bytes, sizeof(bytes), UA_TEXT(BYTES), f->first, f->last);
	if (f->prim && f->prim->kind == PRIM_MASK && !f->checked_at)
		snprintf(bound, sizeof(bound), UA_TEXT(BOUND_MASKED),
			 f->checked - 1);
	else if (f->prim && f->prim->kind == PRIM_MASK)
		snprintf(bound, sizeof(bound), UA_TEXT(BOUND_MASKED_AT),
			 f->checked_at, f->checked_at + f->checked - 1);
	else if (!f->checked_at && f->first >= 0)
		snprintf(bound, sizeof(bound), UA_TEXT(BOUND_BEYOND), f->checked);
	else
		snprintf(bound, sizeof(bound), UA_TEXT(BOUND_OUTSIDE),
			 f->checked_at, f->checked_at + f->checked - 1);
	if (f->call)
		return ua_say(loc, fndecl, RANGE_CALL, ua_fn_name(f->callee), p,
			      acc->name, bytes, bound);
	return ua_say(loc, fndecl, RANGE, acc->name, bytes, p, bound);
}

static struct ua_diag *say_family_unseen(location_t loc, tree fndecl,
					 const struct ua_finding *f,
					 struct ua_access *acc, const char *p)
{
	char *source = family_source(f), *fix = family_fix(acc);
	struct ua_diag *d;

	d = ua_say(loc, fndecl, FAMILY_UNSEEN, acc->name, p, source, fix);
	free(source);
	free(fix);
	return d;
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
		d = ua_say(loc, fndecl, RELIES_CHECK, acc->name, p,
			   ua_fn_name(f->fn), ua_unseen_callers(f->fn));
	else if (f->unseen != UA_UNSEEN_NO)
		d = say_family_unseen(loc, fndecl, f, acc, p);
	else
		d = ua_say(loc, fndecl, UNPROVEN, acc->name, p);
	cover_notes(d, loc, f, acc);
	free(p);
}

static const char *mode_words(enum ua_mode m)
{
	switch (m) {
	case UA_MODE_READ:
		return UA_TEXT(READS);
	case UA_MODE_WRITE:
		return UA_TEXT(WRITES);
	default:
		return UA_TEXT(READS_AND_WRITES);
	}
}

static const char *opened_for(enum ua_mode m)
{
	return m == UA_MODE_READ ? UA_TEXT(FOR_READING) : UA_TEXT(FOR_WRITING);
}

/*
 * A family member in an open region ends it: the accesses of that region
 * after it, which now run outside it, are its notes.
 */
static void say_family_region(const struct ua_finding *f,
			      struct ua_access *acc)
{
	struct ua_fn *fn = acc->fn;
	uint64_t open = acc->asms[0].region & RS_OPEN_MASK;
	struct ua_diag *d;
	unsigned i;

	d = ua_say(acc->loc, fn->node->decl, FAMILY_IN_REGION, acc->name,
		   f->prim->name);
	ua_say_note(d, f->prim->loc, REGION_OPENED_HERE);
	for (i = 0; i < fn->naccesses; i++) {
		struct ua_access *b = &fn->accesses[i];

		if (b == acc || b->family || !(b->asms[0].region & open) ||
		    ua_compare_locations(b->loc, acc->loc) <= 0)
			continue;
		ua_say_note(d, b->loc, REGION_ALSO, b->name);
	}
}

void ua_say_region(const struct ua_finding *f, struct ua_access *acc)
{
	location_t loc = where(f, acc);
	tree fndecl = where_fn(f, acc);
	struct ua_diag *d;

	if (acc->family) {
		say_family_region(f, acc);
		return;
	}
	if (f->cls == UA_REGION && f->call)
		d = ua_say(loc, fndecl, REGION_CALL, ua_fn_name(f->callee),
			   acc->name);
	else if (f->cls == UA_REGION)
		d = ua_say(loc, fndecl, REGION, acc->name);
	else if (f->cls == UA_MODE && f->call)
		d = ua_say(loc, fndecl, MODE_CALL, ua_fn_name(f->callee),
			   acc->name, mode_words(acc->mode),
			   opened_for(f->prim->mode));
	else if (f->cls == UA_MODE)
		d = ua_say(loc, fndecl, MODE, acc->name, mode_words(acc->mode),
			   opened_for(f->prim->mode));
	else
		d = ua_say(loc, fndecl, RELIES_REGION, acc->name,
			   ua_fn_name(f->fn), ua_unseen_callers(f->fn));
	if (f->call)
		ua_say_note(d, acc->loc, ACCESSED_HERE);
	if (f->cls == UA_MODE)
		ua_say_note(d, f->prim->loc, REGION_OPENED_HERE);
}

void ua_say_fn_finding(struct ua_fn *fn, const struct ua_fn_finding *f)
{
	tree decl = fn->node->decl;
	struct ua_diag *d;

	if (f->inner)
		d = ua_say(f->loc, decl, NESTED, f->inner->name);
	else if (f->blind && f->callee)
		d = ua_say(f->loc, decl, BLIND_CALLEE, f->begin->name,
			   lang_hooks.decl_printable_name(f->callee, 0));
	else if (f->blind)
		d = ua_say(f->loc, decl, BLIND_ASM, f->begin->name);
	else if (f->end && ua_prim_is_scope(f->begin))
		d = ua_say(f->loc, decl, SCOPE_END, f->end->name);
	else if (f->end)
		d = ua_say(f->loc, decl, WRONG_END, f->end->name, f->begin->name);
	else
		d = ua_say(f->loc, decl, STILL_OPEN);
	if (f->begin && !f->blind)
		ua_say_note(d, f->begin->loc, REGION_OPENED_HERE);
}
