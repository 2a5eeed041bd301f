// SPDX-License-Identifier: GPL-2.0
/*
 * Function summaries: what a helper in the unit does with a pointer, so
 * that the chain from a check to an access can go through it.
 *
 *  - returned parameter: the helper returns one of its parameters, maybe
 *    advanced, or NULL (epoll_put_uevent() returns uevent + 1);
 *  - stores back: the helper stores into *param only values derived from
 *    what *param held (ep_deliver_event() does *uevents = next);
 *  - check helper: every successful return of the helper is dominated by
 *    an access_ok() of one parameter (7.x ep_check_params()), so a caller
 *    that tests the result has checked its argument.
 *
 * Each is computed once per function, on first use; a function met again
 * while its own summary is being computed (recursion) gets none.
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

static void compute_returned_param(struct ua_fn *fn)
{
	struct ret_walk r;

	memset(&r, 0, sizeof(r));
	r.ok = true;
	r.param = -1;
	ua_fn_enter(fn);
	each_return(fn, note_return, &r);
	ua_fn_leave();
	if (r.ok && r.any) {
		fn->ret_param = r.param;
		fn->ret_off = r.off;
		fn->ret_off_known = r.off_known;
	}
}

/*
 * Does @call return one of its arguments?  Returns its index, with the
 * offset the callee adds, or -1.
 */
int ua_call_returns_arg(gimple *call, HOST_WIDE_INT *off, bool *off_known)
{
	struct ua_fn *fn = ua_fn_of_call(call);

	if (!fn)
		return -1;
	if (!fn->ret_done) {
		fn->ret_done = true;
		fn->ret_param = -1;
		compute_returned_param(fn);
	}
	if (fn->ret_param < 0 ||
	    (unsigned)fn->ret_param >= gimple_call_num_args(call))
		return -1;
	*off = fn->ret_off;
	*off_known = fn->ret_off_known;
	return fn->ret_param;
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

static bool compute_stores_back(struct ua_fn *fn, int j)
{
	basic_block bb;
	bool ok = true;

	ua_fn_enter(fn);
	FOR_EACH_BB_FN(bb, fn->fun) {
		gimple_stmt_iterator gsi;

		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi) && ok; gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);

			if (stores_through(fn, stmt, j))
				ok = store_keeps_cell(fn, stmt, j);
		}
	}
	ua_fn_leave();
	return ok;
}

/*
 * Does @fn store into *param @j only values derived from what it held?
 * A function that does not store through it at all qualifies too.
 */
bool ua_stores_back(struct ua_fn *fn, int j)
{
	uint32_t bit;

	if (j < 0 || j >= 32)
		return false;
	bit = (uint32_t)1 << j;
	if (!(fn->sb_done & bit)) {
		fn->sb_done |= bit;
		if (compute_stores_back(fn, j))
			fn->sb_ok |= bit;
	}
	return fn->sb_ok & bit;
}

struct check_walk {
	bool ok;
	bool success_zero;
	int param;
	const struct ua_prim *check;
};

static bool is_success(const struct check_walk *w, tree val)
{
	if (TREE_CODE(val) != INTEGER_CST)
		return false;
	return w->success_zero ? integer_zerop(val) : !integer_zerop(val);
}

/* The access_ok() on a parameter whose success dominates @bb. */
static const struct ua_prim *dominating_param_check(struct ua_fn *fn,
						    basic_block bb, int *param)
{
	unsigned i;

	for (i = 0; i < fn->nprims; i++) {
		const struct ua_prim *p = &fn->prims[i];
		struct ua_refs refs;

		if (p->kind != PRIM_ACCESS_OK || !ua_prim_dominates(p, bb, NULL))
			continue;
		ua_resolve(gimple_call_arg(p->stmt, 0), &refs);
		if (refs.n == 1 && refs.ref[0].kind == ROOT_PARM) {
			*param = ua_parm_index(fn->node->decl, refs.ref[0].root);
			return p;
		}
	}
	return NULL;
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

static void note_check_return(struct ua_fn *fn, tree val, basic_block bb,
			      void *data)
{
	struct check_walk *w = (struct check_walk *)data;
	const struct ua_prim *p;
	int param = -1;

	val = constant_of(val);
	if (TREE_CODE(val) != INTEGER_CST) {
		w->ok = false;	/* a value we cannot classify */
		return;
	}
	if (!is_success(w, val))
		return;
	p = dominating_param_check(fn, bb, &param);
	if (!p || (w->check && w->param != param)) {
		w->ok = false;
		return;
	}
	w->check = p;
	w->param = param;
}

static void compute_check_summary(struct ua_fn *fn)
{
	tree rtype = TREE_TYPE(TREE_TYPE(fn->node->decl));
	struct check_walk w;

	if (!INTEGRAL_TYPE_P(rtype) || !fn->nprims)
		return;
	memset(&w, 0, sizeof(w));
	w.ok = true;
	w.param = -1;
	w.success_zero = TREE_CODE(rtype) != BOOLEAN_TYPE;
	ua_fn_enter(fn);
	each_return(fn, note_check_return, &w);
	ua_fn_leave();
	if (w.ok && w.check) {
		fn->check_param = w.param;
		fn->check_prim = w.check;
		fn->check_success_zero = w.success_zero;
	}
}

/*
 * Is @call a call of a check helper?  Returns the helper, whose
 * check_param, check_prim and check_success_zero describe the check.
 */
struct ua_fn *ua_check_helper(gimple *call)
{
	struct ua_fn *fn = ua_fn_of_call(call);

	if (!fn)
		return NULL;
	if (!fn->check_done) {
		fn->check_done = true;
		fn->check_param = -1;
		compute_check_summary(fn);
	}
	if (fn->check_param < 0 ||
	    (unsigned)fn->check_param >= gimple_call_num_args(call) ||
	    !gimple_call_lhs(call))
		return NULL;
	return fn;
}
