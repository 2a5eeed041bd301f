// SPDX-License-Identifier: GPL-2.0
/*
 * The call-chain search: when an access's pointer is a parameter, or its
 * region is the one the caller left open, the question moves to every
 * call site of the function in this unit, with the argument resolved in
 * the caller and the offsets added up.
 *
 * A caller that gets it wrong is reported at its call, once per call
 * site; the access itself is then only counted.  A function whose callers
 * are not all visible here (global, or its address taken) leaves a
 * requirement in the facts instead of a guess.  Recursion and chains
 * deeper than UA_MAX_CHAIN end as "unproven".
 */
#include "uaccess_check.h"
#include "verdict.h"

#define UA_MAX_CHAIN 8

static hash_set<gimple *> *cover_reported;
static hash_set<gimple *> *region_reported;

/* Report once per call site; true when this is the first time. */
static bool first_report(hash_set<gimple *> **set, gimple *call)
{
	if (!*set)
		*set = new hash_set<gimple *>;
	return !(*set)->add(call);
}

void ua_callers_reset(void)
{
	delete cover_reported;
	delete region_reported;
	cover_reported = NULL;
	region_reported = NULL;
}

static const char *fn_name(struct ua_fn *fn)
{
	return lang_hooks.decl_printable_name(fn->node->decl, 0);
}

static void merge_cover(struct ua_cover *out, const struct ua_cover *c)
{
	if (c->cls > out->cls) {
		bool reported = out->reported || c->reported;
		bool requirement = out->requirement || c->requirement;

		*out = *c;
		out->reported = reported;
		out->requirement = requirement;
	} else {
		out->reported |= c->reported;
		out->requirement |= c->requirement;
	}
	out->via_callers = true;
}

static void requirement_cover(struct ua_fn *fn, const struct ua_ref *ref,
			      struct ua_access *acc, struct ua_cover *out)
{
	struct ua_cover c;

	memset(&c, 0, sizeof(c));
	c.cls = UA_UNPROVEN;
	c.ref = *ref;
	c.fn = fn;
	c.requirement = true;
	ua_facts_requirement(fn, ref->root, acc, ref, "check");
	merge_cover(out, &c);
}

static void cover_at_call(struct ua_fn *fn, struct ua_fn *caller, gimple *call,
			  int idx, const struct ua_ref *ref, HOST_WIDE_INT size,
			  struct ua_access *acc, int depth, struct ua_cover *out)
{
	struct ua_refs refs;
	unsigned i;

	ua_resolve(gimple_call_arg(call, idx), &refs);
	if (refs.overflow || !refs.n) {
		struct ua_cover c;

		memset(&c, 0, sizeof(c));
		c.cls = UA_UNPROVEN;
		c.ref = *ref;
		c.fn = fn;
		merge_cover(out, &c);
	}
	for (i = 0; i < refs.n; i++) {
		struct ua_ref up = refs.ref[i];
		struct ua_cover c;

		up.off += ref->off;
		up.off_known &= ref->off_known;
		ua_cover_at(caller, gimple_bb(call), call, &up, size, acc,
			    depth + 1, &c);
		if ((c.cls == UA_UNCHECKED || c.cls == UA_RANGE) &&
		    !c.reported) {
			if (first_report(&cover_reported, call))
				ua_report_cover(ua_user_location(gimple_location(call)),
						caller->node->decl, acc, &c,
						fn_name(fn));
			c.reported = true;
		}
		merge_cover(out, &c);
	}
}

void ua_cover_via_callers(struct ua_fn *fn, const struct ua_ref *ref,
			  HOST_WIDE_INT size, struct ua_access *acc,
			  int depth, struct ua_cover *out)
{
	int idx = ua_parm_index(fn->node->decl, ref->root);
	cgraph_edge *e;

	out->cls = UA_PROVEN;
	out->ref = *ref;
	out->fn = fn;
	out->via_callers = true;
	if (!ua_callers_known(fn) || !fn->node->callers)
		requirement_cover(fn, ref, acc, out);
	if (idx < 0 || depth >= UA_MAX_CHAIN) {
		out->cls = MAX(out->cls, UA_UNPROVEN);
		return;
	}
	fn->busy = true;
	for (e = fn->node->callers; e; e = e->next_caller) {
		struct ua_fn *caller = ua_fn_of(e->caller);
		gimple *call = e->call_stmt;

		if (!caller || caller->busy || !call ||
		    (unsigned)idx >= gimple_call_num_args(call)) {
			out->cls = MAX(out->cls, UA_UNPROVEN);
			continue;
		}
		ua_fn_enter(caller);
		cover_at_call(fn, caller, call, idx, ref, size, acc, depth, out);
		ua_fn_leave();
	}
	fn->busy = false;
}

static void merge_region(struct ua_region *out, const struct ua_region *r)
{
	if (r->cls > out->cls) {
		bool reported = out->reported || r->reported;
		bool requirement = out->requirement || r->requirement;

		*out = *r;
		out->reported = reported;
		out->requirement = requirement;
	} else {
		out->reported |= r->reported;
		out->requirement |= r->requirement;
	}
	out->via_callers = true;
}

void ua_region_via_callers(struct ua_fn *fn, struct ua_access *acc,
			   int depth, struct ua_region *out)
{
	cgraph_edge *e;

	out->via_callers = true;
	if (!ua_callers_known(fn) || !fn->node->callers) {
		out->cls = MAX(out->cls, UA_UNPROVEN);
		out->requirement = true;
		ua_facts_requirement(fn, NULL_TREE, acc, NULL, "region");
	}
	if (depth >= UA_MAX_CHAIN) {
		out->cls = MAX(out->cls, UA_UNPROVEN);
		return;
	}
	fn->busy = true;
	for (e = fn->node->callers; e; e = e->next_caller) {
		struct ua_fn *caller = ua_fn_of(e->caller);
		gimple *call = e->call_stmt;
		struct ua_region r;

		if (!caller || caller->busy || !call) {
			out->cls = MAX(out->cls, UA_UNPROVEN);
			continue;
		}
		ua_fn_enter(caller);
		ua_region_ok_at(caller, call, acc, depth + 1, &r);
		if ((r.cls == UA_REGION || r.cls == UA_MODE) && !r.reported) {
			if (first_report(&region_reported, call))
				ua_report_region(ua_user_location(gimple_location(call)),
						 caller->node->decl, acc, &r,
						 fn_name(fn));
			r.reported = true;
		}
		ua_fn_leave();
		merge_region(out, &r);
	}
	fn->busy = false;
}
