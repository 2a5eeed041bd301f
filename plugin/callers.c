// SPDX-License-Identifier: GPL-2.0
/*
 * The call-chain search: when an access's pointer is a parameter, or its
 * region is the one the caller left open, the question moves to every
 * call site of the function in this unit, with the argument resolved in
 * the caller and the offsets added up.  A pointer loaded through a
 * parameter (a cell of the caller's, as ep_deliver_event()'s *uevents)
 * moves to the values the caller's variable can hold at the call.
 * Every answer carries the chain of calls it came through, for distance.
 *
 * A caller that gets it wrong is reported at its call, once per call
 * site; the access itself is then only counted.  A function whose callers
 * are not all visible here (global, or its address taken) leaves a
 * requirement in the facts instead of a guess.  Recursion and chains
 * deeper than UA_MAX_CHAIN end as "unproven".
 */
#include "uaccess_check.h"
#include "verdict.h"

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

void ua_chain_add(struct ua_chain *chain, gimple *call, struct ua_fn *caller,
		  struct ua_fn *callee)
{
	if (chain->n == UA_MAX_CHAIN)
		return;
	chain->call[chain->n] = call;
	chain->caller[chain->n] = caller;
	chain->callee[chain->n] = callee;
	chain->n++;
}

/* The worst answer wins; among equals, the farthest check (for distance). */
static bool better_cover(const struct ua_cover *c, const struct ua_cover *out)
{
	if (c->cls != out->cls)
		return c->cls > out->cls;
	return c->check && (!out->check || c->chain.n > out->chain.n);
}

/* What was reported and what rests on unseen callers stays known. */
static void merge_cover(struct ua_cover *out, const struct ua_cover *c)
{
	bool reported = out->reported || c->reported;
	bool requirement = out->requirement || c->requirement;

	if (better_cover(c, out))
		*out = *c;
	out->reported = reported;
	out->requirement = requirement;
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

/* Judge one value the callee's pointer can have, at the call. */
static void judge_at_call(struct ua_fn *fn, struct ua_fn *caller, gimple *call,
			  const struct ua_ref *up, HOST_WIDE_INT size,
			  struct ua_access *acc, int depth, struct ua_cover *out)
{
	struct ua_cover c;

	ua_cover_at(caller, gimple_bb(call), call, up, size, acc, depth + 1, &c);
	if ((c.cls == UA_UNCHECKED || c.cls == UA_RANGE) && !c.reported) {
		if (first_report(&cover_reported, call))
			ua_report_cover(ua_user_location(gimple_location(call)),
					caller->node->decl, acc, &c, fn_name(fn));
		c.reported = true;
	}
	ua_chain_add(&c.chain, call, caller, fn);
	merge_cover(out, &c);
}

static void unproven_cover(struct ua_fn *fn, const struct ua_ref *ref,
			   struct ua_cover *out)
{
	struct ua_cover c;

	memset(&c, 0, sizeof(c));
	c.cls = UA_UNPROVEN;
	c.ref = *ref;
	c.fn = fn;
	merge_cover(out, &c);
}

static void cover_at_call(struct ua_fn *fn, struct ua_fn *caller, gimple *call,
			  int idx, const struct ua_ref *ref, HOST_WIDE_INT size,
			  struct ua_access *acc, int depth, struct ua_cover *out)
{
	struct ua_refs refs;
	unsigned i;

	ua_resolve(gimple_call_arg(call, idx), &refs);
	if (refs.overflow || !refs.n)
		unproven_cover(fn, ref, out);
	for (i = 0; i < refs.n; i++) {
		struct ua_ref up = refs.ref[i];

		up.off += ref->off;
		up.off_known &= ref->off_known;
		judge_at_call(fn, caller, call, &up, size, acc, depth, out);
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

struct cell_values {
	struct ua_refs refs;
	bool advanced;		/* callees or stores move it along */
	bool unknown;
};

static void add_value(struct cell_values *v, const struct ua_ref *r)
{
	if (v->refs.n == UA_MAX_REFS)
		v->unknown = true;
	else
		v->refs.ref[v->refs.n++] = *r;
}

static bool is_decl_ref(tree t, tree decl)
{
	return t == decl || (TREE_CODE(t) == MEM_REF &&
			     TREE_CODE(TREE_OPERAND(t, 0)) == ADDR_EXPR &&
			     TREE_OPERAND(TREE_OPERAND(t, 0), 0) == decl &&
			     integer_zerop(TREE_OPERAND(t, 1)));
}

static void store_value(struct cell_values *v, tree decl, tree rhs)
{
	struct ua_refs refs;
	unsigned i;

	ua_resolve(rhs, &refs);
	v->unknown |= refs.overflow || !refs.n;
	for (i = 0; i < refs.n; i++) {
		if (refs.ref[i].kind == ROOT_LOAD &&
		    is_decl_ref(refs.ref[i].root, decl))
			v->advanced = true;
		else
			add_value(v, &refs.ref[i]);
	}
}

static void call_passing(struct cell_values *v, gimple *call, tree decl)
{
	unsigned j;

	for (j = 0; j < gimple_call_num_args(call); j++) {
		tree a = gimple_call_arg(call, j);
		struct ua_fn *callee;

		if (TREE_CODE(a) != ADDR_EXPR || TREE_OPERAND(a, 0) != decl)
			continue;
		callee = ua_fn_of_call(call);
		if (callee && ua_stores_back(callee, j))
			v->advanced = true;
		else
			v->unknown = true;
	}
}

/*
 * What can variable @decl of @caller hold?  Its incoming value if it is a
 * parameter, whatever the function stores into it, and what callees that
 * get its address store back (only the pointer moved along, or unknown).
 */
static void decl_values(struct ua_fn *caller, tree decl, struct cell_values *v)
{
	basic_block bb;

	if (TREE_CODE(decl) == PARM_DECL) {
		struct ua_ref r;

		memset(&r, 0, sizeof(r));
		r.kind = ROOT_PARM;
		r.root = decl;
		r.off_known = true;
		add_value(v, &r);
	}
	FOR_EACH_BB_FN(bb, caller->fun) {
		gimple_stmt_iterator gsi;

		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);

			if (gimple_assign_single_p(stmt) && gimple_vdef(stmt) &&
			    is_decl_ref(gimple_assign_lhs(stmt), decl))
				store_value(v, decl, gimple_assign_rhs1(stmt));
			else if (is_gimple_call(stmt))
				call_passing(v, stmt, decl);
		}
	}
	v->unknown |= !v->refs.n;
}

/* The values the cell passed as argument @idx of @call can hold. */
static void cell_values_at(struct ua_fn *caller, gimple *call, int idx,
			   HOST_WIDE_INT coff, struct cell_values *v)
{
	struct ua_refs refs;
	tree decl;
	unsigned i;

	memset(v, 0, sizeof(*v));
	ua_resolve(gimple_call_arg(call, idx), &refs);
	if (refs.n != 1 || refs.ref[0].kind != ROOT_VALUE ||
	    TREE_CODE(refs.ref[0].root) != ADDR_EXPR ||
	    refs.ref[0].off + coff != 0) {
		v->unknown = true;
		return;
	}
	decl = TREE_OPERAND(refs.ref[0].root, 0);
	if (!DECL_P(decl)) {
		v->unknown = true;
		return;
	}
	decl_values(caller, decl, v);
	if (v->advanced)
		for (i = 0; i < v->refs.n; i++)
			v->refs.ref[i].off_known = false;
}

/* Can every call site tell what the cell holds? */
static bool cells_known(struct ua_fn *fn, int idx, HOST_WIDE_INT coff)
{
	cgraph_edge *e;
	bool known = true;

	for (e = fn->node->callers; e && known; e = e->next_caller) {
		struct ua_fn *caller = ua_fn_of(e->caller);
		struct cell_values v;

		if (!caller || caller->busy || !e->call_stmt ||
		    (unsigned)idx >= gimple_call_num_args(e->call_stmt))
			return false;
		ua_fn_enter(caller);
		cell_values_at(caller, e->call_stmt, idx, coff, &v);
		ua_fn_leave();
		known = !v.unknown;
	}
	return known;
}

/*
 * A pointer loaded through parameter @parm is followed into the callers
 * only when every caller passes the address of a variable whose values
 * are known; otherwise it stays what a loaded value is, a root, and the
 * function returns false.
 */
bool ua_cover_cell_via_callers(struct ua_fn *fn, tree parm, HOST_WIDE_INT coff,
			       const struct ua_ref *ref, HOST_WIDE_INT size,
			       struct ua_access *acc, int depth,
			       struct ua_cover *out)
{
	int idx = ua_parm_index(fn->node->decl, parm);
	cgraph_edge *e;

	if (!ua_callers_known(fn) || !fn->node->callers || idx < 0 ||
	    depth >= UA_MAX_CHAIN || !cells_known(fn, idx, coff))
		return false;
	out->cls = UA_PROVEN;
	out->ref = *ref;
	out->fn = fn;
	out->via_callers = true;
	fn->busy = true;
	for (e = fn->node->callers; e; e = e->next_caller) {
		struct ua_fn *caller = ua_fn_of(e->caller);
		gimple *call = e->call_stmt;
		struct cell_values v;
		unsigned i;

		ua_fn_enter(caller);
		cell_values_at(caller, call, idx, coff, &v);
		for (i = 0; i < v.refs.n; i++) {
			struct ua_ref up = v.refs.ref[i];

			up.off += ref->off;
			up.off_known &= ref->off_known;
			up.via = NULL;
			judge_at_call(fn, caller, call, &up, size, acc, depth, out);
		}
		ua_fn_leave();
	}
	fn->busy = false;
	return true;
}

static bool better_region(const struct ua_region *r, const struct ua_region *out)
{
	if (r->cls != out->cls)
		return r->cls > out->cls;
	return r->opener && (!out->opener || r->chain.n > out->chain.n);
}

/* What was reported and what rests on unseen callers stays known. */
static void merge_region(struct ua_region *out, const struct ua_region *r)
{
	bool reported = out->reported || r->reported;
	bool requirement = out->requirement || r->requirement;

	if (better_region(r, out))
		*out = *r;
	out->reported = reported;
	out->requirement = requirement;
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
		ua_chain_add(&r.chain, call, caller, fn);
		merge_region(out, &r);
	}
	fn->busy = false;
}
