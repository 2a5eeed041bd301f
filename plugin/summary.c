// SPDX-License-Identifier: GPL-2.0
/*
 * Phase 2, summaries: what a helper in the unit does with a pointer, so
 * that the chain from a check to an access can go through it.
 *
 *  - returned parameter: the helper returns one of its parameters, maybe
 *    advanced, or NULL (epoll_put_uevent() returns uevent + 1);
 *  - stores back: the helper stores into *param only values derived from
 *    what *param held (ep_deliver_event() does *uevents = next);
 *  - check helper: every return of the helper that may be success (a
 *    success constant, or a value it cannot classify) is dominated by an
 *    access_ok() of one parameter (7.x ep_check_params()), or, in a bool
 *    helper, is that access_ok()'s own result; so a caller that tests the
 *    result has checked its argument.
 *
 * They are computed over the whole unit before any query, callees first
 * (unit.c's postorder), from bodies whose local analysis is complete.
 * Inside a call cycle the returned-parameter summaries start from "none"
 * and are recomputed until nothing changes; a cycle that does not settle
 * keeps none.  A check summary rests only on the function's own
 * access_ok() calls, so a check helper that is part of a cycle is still a
 * check.  Last, every call of a check helper becomes a check primitive of
 * its caller, with its success edge.
 */
#include "uaccess_check.h"

/* Collect the values @fn returns, each with the block it leaves from. */
static void each_return(struct ua_fn *fn,
			void (*cb)(struct ua_fn *, tree, basic_block, void *),
			void *data)
{
	basic_block bb;

	FOR_EACH_BB_FN(bb, fn->fun) {
		gimple *last = last_stmt(bb);
		tree val;

		if (!last || gimple_code(last) != GIMPLE_RETURN)
			continue;
		val = gimple_return_retval(as_a<greturn *>(last));
		if (!val)
			continue;
		if (TREE_CODE(val) == SSA_NAME &&
		    gimple_code(SSA_NAME_DEF_STMT(val)) == GIMPLE_PHI &&
		    gimple_bb(SSA_NAME_DEF_STMT(val)) == bb) {
			gphi *phi = as_a<gphi *>(SSA_NAME_DEF_STMT(val));
			unsigned i;

			for (i = 0; i < gimple_phi_num_args(phi); i++)
				cb(fn, gimple_phi_arg_def(phi, i),
				   gimple_phi_arg_edge(phi, i)->src, data);
			continue;
		}
		cb(fn, val, bb, data);
	}
}

struct ret_walk {
	bool ok;
	int param;
	bool off_known;
	HOST_WIDE_INT off;
	bool any;
};

static void note_return(struct ua_fn *fn, tree val, basic_block bb, void *data)
{
	struct ret_walk *r = (struct ret_walk *)data;
	struct ua_refs refs;
	unsigned i;

	(void)bb;
	ua_resolve(val, &refs);
	if (refs.overflow || !refs.n)
		r->ok = false;
	for (i = 0; i < refs.n; i++) {
		const struct ua_ref *x = &refs.ref[i];
		int idx;

		if (x->kind == ROOT_VALUE && integer_zerop(x->root))
			continue;	/* NULL: the caller tests it */
		if (x->kind != ROOT_PARM) {
			r->ok = false;
			continue;
		}
		idx = ua_parm_index(fn->node->decl, x->root);
		if (r->any && (idx != r->param || !x->off_known ||
			       !r->off_known || x->off != r->off))
			r->off_known = false;
		if (r->any && idx != r->param)
			r->ok = false;
		if (!r->any) {
			r->param = idx;
			r->off = x->off;
			r->off_known = x->off_known;
		}
		r->any = true;
	}
}

/* Returns true when the summary changed. */
static bool compute_returned_param(struct ua_fn *fn)
{
	struct ua_summary *sum = &fn->sum;
	struct ret_walk r;
	int param = -1;
	HOST_WIDE_INT off = 0;
	bool off_known = false;

	memset(&r, 0, sizeof(r));
	r.ok = true;
	r.param = -1;
	each_return(fn, note_return, &r);
	if (r.ok && r.any) {
		param = r.param;
		off = r.off;
		off_known = r.off_known;
	}
	if (param == sum->ret_param && off == sum->ret_off &&
	    off_known == sum->ret_off_known)
		return false;
	sum->ret_param = param;
	sum->ret_off = off;
	sum->ret_off_known = off_known;
	return true;
}

/* Is @ref a load through parameter @j of @fn, at byte offset 0? */
static bool loads_cell(struct ua_fn *fn, const struct ua_ref *ref, int j)
{
	tree parm;
	HOST_WIDE_INT coff;

	return ua_load_cell(ref, &parm, &coff) && coff == 0 &&
	       ua_parm_index(fn->node->decl, parm) == j;
}

static bool store_keeps_cell(struct ua_fn *fn, gimple *stmt, int j)
{
	struct ua_refs refs;
	tree rhs = gimple_assign_rhs1(stmt);
	unsigned i;

	ua_resolve(rhs, &refs);
	if (refs.overflow || !refs.n)
		return false;
	for (i = 0; i < refs.n; i++)
		if (!loads_cell(fn, &refs.ref[i], j) &&
		    !(refs.ref[i].kind == ROOT_VALUE &&
		      integer_zerop(refs.ref[i].root)))
			return false;
	return true;
}

/* Does @stmt store through parameter @j (at offset 0)? */
static bool stores_through(struct ua_fn *fn, gimple *stmt, int j)
{
	struct ua_ref cell;

	if (!gimple_assign_single_p(stmt) || !gimple_vdef(stmt))
		return false;
	memset(&cell, 0, sizeof(cell));
	cell.kind = ROOT_LOAD;
	cell.root = gimple_assign_lhs(stmt);
	return loads_cell(fn, &cell, j);
}

static bool stores_back_ok(struct ua_fn *fn, int j)
{
	basic_block bb;

	FOR_EACH_BB_FN(bb, fn->fun) {
		gimple_stmt_iterator gsi;

		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);

			if (stores_through(fn, stmt, j) &&
			    !store_keeps_cell(fn, stmt, j))
				return false;
		}
	}
	return true;
}

static void compute_stores_back(struct ua_fn *fn)
{
	tree parm;
	int j = 0;

	for (parm = DECL_ARGUMENTS(fn->node->decl); parm && j < 32;
	     parm = DECL_CHAIN(parm), j++)
		if (POINTER_TYPE_P(TREE_TYPE(parm)) && stores_back_ok(fn, j))
			fn->sum.stores_back |= (uint32_t)1 << j;
}

/*
 * Does @fn store into *param @j only values derived from what it held?
 * A function that does not store through it at all qualifies too.
 */
bool ua_stores_back(struct ua_fn *fn, int j)
{
	return j >= 0 && j < 32 && (fn->sum.stores_back & ((uint32_t)1 << j));
}

struct check_walk {
	bool ok;
	bool success_zero;
	bool fails_negative;
	int param;
	const struct ua_prim *check;
};

static bool is_success(const struct check_walk *w, tree val)
{
	if (TREE_CODE(val) != INTEGER_CST)
		return false;
	return w->success_zero ? integer_zerop(val) : !integer_zerop(val);
}

/* Does check @p succeed with 0, failing otherwise? */
static bool succeeds_zero(const struct ua_prim *p)
{
	return p->kind == PRIM_HELPER && p->helper->sum.check_success_zero;
}

/* The parameter a check (access_ok() or a check helper's call) validates, or -1. */
static int checked_param(struct ua_fn *fn, const struct ua_prim *p)
{
	struct ua_refs refs;
	unsigned arg = p->kind == PRIM_HELPER ? p->helper->sum.check_param : 0;

	ua_resolve(gimple_call_arg(p->stmt, arg), &refs);
	if (refs.n == 1 && refs.ref[0].kind == ROOT_PARM)
		return ua_parm_index(fn->node->decl, refs.ref[0].root);
	return -1;
}

static bool is_check(const struct ua_prim *p)
{
	return p->kind == PRIM_ACCESS_OK || p->kind == PRIM_HELPER;
}

/* A check of a parameter whose success dominates @bb. */
static const struct ua_prim *dominating_param_check(struct ua_fn *fn,
						    basic_block bb, int *param)
{
	unsigned i;

	for (i = 0; i < ua_nprims(fn); i++) {
		const struct ua_prim *p = ua_prim_at(fn, i);

		if (!is_check(p) || !ua_prim_dominates(p, bb, NULL))
			continue;
		*param = checked_param(fn, p);
		if (*param >= 0)
			return p;
	}
	return NULL;
}

/* The check whose call defines @val, through copies and conversions. */
static const struct ua_prim *check_call_of(struct ua_fn *fn, tree val,
					   bool through_tests)
{
	int steps;

	for (steps = 0; TREE_CODE(val) == SSA_NAME && steps < 8; steps++) {
		gimple *def = SSA_NAME_DEF_STMT(val);
		const struct ua_prim *p;

		if (is_gimple_call(def)) {
			p = ua_prim_of(fn, def);
			if (p && is_check(p))
				return p;
			if (!through_tests ||
			    (!gimple_call_builtin_p(def, BUILT_IN_EXPECT) &&
			     !gimple_call_internal_p(def, IFN_BUILTIN_EXPECT)))
				return NULL;
			val = gimple_call_arg(def, 0);
		} else if (gimple_assign_single_p(def) ||
			   gimple_assign_cast_p(def)) {
			val = gimple_assign_rhs1(def);
		} else if (through_tests && is_gimple_assign(def) &&
			   gimple_assign_rhs_code(def) == NE_EXPR &&
			   integer_zerop(gimple_assign_rhs2(def))) {
			val = gimple_assign_rhs1(def);
		} else {
			return NULL;
		}
	}
	return NULL;
}

/*
 * The check whose own result @val is: return access_ok(p, n); through
 * conversions, likely() and "!= 0"; or return ok_helper(p); a check
 * helper's result in the form of ours.
 */
static const struct ua_prim *returned_check(struct ua_fn *fn, tree val,
					    const struct check_walk *w)
{
	const struct ua_prim *p = check_call_of(fn, val, !w->success_zero);

	return p && succeeds_zero(p) == w->success_zero ? p : NULL;
}

/*
 * Is @val, returned from @bb, a check helper's result on a path where
 * that check failed (if (ret) return ret;)?
 */
static const struct ua_prim *returned_failure(struct ua_fn *fn, tree val,
					      basic_block bb,
					      const struct check_walk *w)
{
	const struct ua_prim *p = check_call_of(fn, val, false);

	if (!p || !succeeds_zero(p) || !w->success_zero ||
	    !ua_prim_fails_before(p, bb))
		return NULL;
	return p;
}

/* The constant an SSA name was set to, looking through copies. */
static tree constant_of(tree val)
{
	int steps = 0;

	while (TREE_CODE(val) == SSA_NAME && steps++ < 8) {
		gimple *def = SSA_NAME_DEF_STMT(val);

		if (!gimple_assign_single_p(def) && !gimple_assign_cast_p(def))
			break;
		val = gimple_assign_rhs1(def);
	}
	return val;
}

/* The access_ok() a check rests on, through helpers of helpers. */
static const struct ua_prim *innermost(const struct ua_prim *p)
{
	return p->kind == PRIM_HELPER ? p->helper->sum.check_prim : p;
}

static void note_check_return(struct ua_fn *fn, tree val, basic_block bb,
			      void *data)
{
	struct check_walk *w = (struct check_walk *)data;
	const struct ua_prim *p;
	int param = -1;

	p = returned_failure(fn, val, bb, w);
	if (p) {
		w->fails_negative &= p->helper->sum.check_fails_negative;
		return;
	}
	p = returned_check(fn, val, w);
	if (p) {
		/* our result is the check's own */
		param = checked_param(fn, p);
		if (succeeds_zero(p))
			w->fails_negative &= p->helper->sum.check_fails_negative;
	} else {
		val = constant_of(val);
		/* a value we cannot classify may be success: it needs the check */
		if (TREE_CODE(val) == INTEGER_CST && !is_success(w, val)) {
			w->fails_negative &= tree_int_cst_sgn(val) < 0;
			return;
		}
		p = dominating_param_check(fn, bb, &param);
	}
	if (p && param < 0)
		p = NULL;
	if (!p || (w->check && w->param != param)) {
		w->ok = false;
		return;
	}
	w->check = innermost(p);
	w->param = param;
}

/* Returns true when the check summary changed. */
static bool compute_check_summary(struct ua_fn *fn)
{
	tree rtype = TREE_TYPE(TREE_TYPE(fn->node->decl));
	struct ua_summary old = fn->sum;
	struct check_walk w;

	fn->sum.check_param = -1;
	fn->sum.check_prim = NULL;
	fn->sum.check_success_zero = false;
	fn->sum.check_fails_negative = false;
	if (INTEGRAL_TYPE_P(rtype) && ua_nprims(fn)) {
		memset(&w, 0, sizeof(w));
		w.ok = true;
		w.param = -1;
		w.success_zero = TREE_CODE(rtype) != BOOLEAN_TYPE;
		w.fails_negative = w.success_zero && !TYPE_UNSIGNED(rtype);
		each_return(fn, note_check_return, &w);
		if (w.ok && w.check) {
			fn->sum.check_param = w.param;
			fn->sum.check_prim = w.check;
			fn->sum.check_success_zero = w.success_zero;
			fn->sum.check_fails_negative = w.fails_negative;
		}
	}
	return old.check_param != fn->sum.check_param ||
	       old.check_prim != fn->sum.check_prim ||
	       old.check_success_zero != fn->sum.check_success_zero ||
	       old.check_fails_negative != fn->sum.check_fails_negative;
}

/* Is @call a call of a check helper, passing the pointer it checks? */
static struct ua_fn *check_helper_called(gimple *call)
{
	struct ua_fn *h;

	if (!is_gimple_call(call) || !gimple_call_lhs(call))
		return NULL;
	h = ua_fn_of_call(call);
	if (!h || h->sum.check_param < 0 ||
	    (unsigned)h->sum.check_param >= gimple_call_num_args(call))
		return NULL;
	return h;
}

/*
 * A call of a check helper is a check of its caller's, with its success
 * edge.  The array is built whole from the callees' summaries as they
 * are now, replacing the one an earlier round of a cycle built.
 */
static void find_helper_calls(struct ua_fn *fn)
{
	auto_vec<gimple *> calls;
	basic_block bb;
	unsigned i;

	FOR_EACH_BB_FN(bb, fn->fun) {
		gimple_stmt_iterator gsi;

		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi))
			if (check_helper_called(gsi_stmt(gsi)))
				calls.safe_push(gsi_stmt(gsi));
	}
	free(fn->helper_calls);
	fn->helper_calls = XNEWVEC(struct ua_prim, calls.length() + 1);
	fn->nhelper_calls = calls.length();
	for (i = 0; i < calls.length(); i++) {
		struct ua_prim *p = &fn->helper_calls[i];

		ua_init_prim(p, calls[i], PRIM_HELPER, UA_MODE_NONE,
			     gimple_call_fndecl(calls[i]));
		p->helper = check_helper_called(calls[i]);
		ua_find_guard(p);
	}
}

#define UA_CYCLE_ROUNDS 8

/* Run @step over the members of a call cycle until nothing changes. */
static bool settle(unsigned first, unsigned end,
		   bool (*step)(struct ua_fn *))
{
	unsigned i, round;
	bool changed = true;

	for (round = 0; changed && round < UA_CYCLE_ROUNDS; round++) {
		changed = false;
		for (i = first; i < end; i++) {
			struct ua_fn *fn = ua_unit_fn(i);

			ua_fn_enter(fn);
			changed |= step(fn);
			ua_fn_leave();
		}
	}
	return !changed;
}

static bool check_step(struct ua_fn *fn)
{
	find_helper_calls(fn);
	return compute_check_summary(fn);
}

/*
 * The summaries of one call cycle (or one function), to a fixed point;
 * a cycle that does not settle keeps no returned parameter and no check.
 */
static void summarise_cycle(unsigned first, unsigned end)
{
	unsigned i;

	if (!settle(first, end, compute_returned_param))
		for (i = first; i < end; i++)
			ua_unit_fn(i)->sum.ret_param = -1;
	for (i = first; i < end; i++) {
		struct ua_fn *fn = ua_unit_fn(i);

		ua_fn_enter(fn);
		compute_stores_back(fn);
		ua_fn_leave();
	}
	if (settle(first, end, check_step))
		return;
	for (i = first; i < end; i++)
		ua_unit_fn(i)->sum.check_param = -1;
	for (i = first; i < end; i++) {
		ua_fn_enter(ua_unit_fn(i));
		find_helper_calls(ua_unit_fn(i));
		ua_fn_leave();
	}
}

void ua_summarise_unit(void)
{
	unsigned i, first = 0, n = ua_unit_count();

	for (i = 1; i <= n; i++) {
		if (i < n && ua_unit_fn(i)->scc == ua_unit_fn(first)->scc)
			continue;
		summarise_cycle(first, i);
		first = i;
	}
}
