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

/*
 * Where a returned value comes from: the block the return leaves from,
 * or, for a value a PHI chose, the edge it came in by (a check that
 * covers that edge covers the value: "return access_ok(p, n) ? 0 :
 * -EFAULT;" has its 0 on access_ok()'s own success edge).
 */
struct way {
	basic_block bb;
	edge via;
};

#define UA_RETURN_DEPTH 8

/* @val through copies and conversions to a PHI, if it is one. */
static gphi *phi_of(tree val)
{
	int steps;

	for (steps = 0; TREE_CODE(val) == SSA_NAME && steps < UA_RETURN_DEPTH;
	     steps++) {
		gimple *def = SSA_NAME_DEF_STMT(val);

		if (gimple_code(def) == GIMPLE_PHI)
			return as_a<gphi *>(def);
		if (!gimple_assign_single_p(def) &&
		    !(gimple_assign_cast_p(def) &&
		      INTEGRAL_TYPE_P(TREE_TYPE(gimple_assign_lhs(def)))))
			return NULL;
		val = gimple_assign_rhs1(def);
	}
	return NULL;
}

/*
 * A pointer parameter that is NULL on every path to @way: "if (ufdset)
 * return copy_from_user(...) ? -EFAULT : 0; return 0;" (fs/select.c's
 * get_fd_set()) succeeds without a check only for no user memory at all.
 */
static int null_param_on(struct ua_fn *fn, struct way way)
{
	basic_block at = way.via ? way.via->src : way.bb;
	tree parm;
	int j = 0;

	for (parm = DECL_ARGUMENTS(fn->node->decl); parm;
	     parm = DECL_CHAIN(parm), j++) {
		tree name = ssa_default_def(fn->fun, parm);
		basic_block bb;

		if (!name || !POINTER_TYPE_P(TREE_TYPE(parm)) || j >= 32)
			continue;
		FOR_EACH_BB_FN(bb, fn->fun) {
			gcond *c = ua_block_cond(bb);
			int v = c ? ua_cond_value(c, name, 0) : -1;
			edge e;

			if (v < 0)
				continue;
			e = ua_edge_when(bb, v);
			if (e && (way.via == e || ua_edge_dominates(e, at)))
				return j;
		}
	}
	return -1;
}

static void each_value(struct ua_fn *fn, tree val, struct way way, int depth,
		       void (*cb)(struct ua_fn *, tree, struct way, void *),
		       void *data)
{
	gphi *phi = depth < UA_RETURN_DEPTH ? phi_of(val) : NULL;
	unsigned i;

	if (!phi) {
		cb(fn, val, way, data);
		return;
	}
	for (i = 0; i < gimple_phi_num_args(phi); i++) {
		struct way in = { gimple_phi_arg_edge(phi, i)->src,
				  gimple_phi_arg_edge(phi, i) };

		each_value(fn, gimple_phi_arg_def(phi, i), in, depth + 1, cb,
			   data);
	}
}

/* Collect the values @fn returns, each with the way it leaves by. */
static void each_return(struct ua_fn *fn,
			void (*cb)(struct ua_fn *, tree, struct way, void *),
			void *data)
{
	basic_block bb;

	FOR_EACH_BB_FN(bb, fn->fun) {
		gimple *last = last_stmt(bb);
		struct way way = { bb, NULL };
		tree val;

		if (!last || gimple_code(last) != GIMPLE_RETURN)
			continue;
		val = gimple_return_retval(as_a<greturn *>(last));
		if (val)
			each_value(fn, val, way, 0, cb, data);
	}
}

struct ret_walk {
	bool ok;
	int param;
	bool off_known;
	HOST_WIDE_INT off;
	bool any;
};

static void note_return(struct ua_fn *fn, tree val, struct way way, void *data)
{
	struct ret_walk *r = (struct ret_walk *)data;
	struct ua_refs refs;
	unsigned i;

	(void)way;
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
	bool optimistic;	/* see deferred_call() */
	bool success_zero;
	bool fails_negative;
	int param;
	const struct ua_prim *check;
	enum ua_mode opens;	/* what the returned begins open */
	bool closed_success;	/* a success return with no begin's result */
	uint32_t null_params;	/* returns on paths where these are NULL */
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
	return p->kind == PRIM_COPY ||
	       (p->kind == PRIM_HELPER && p->helper->sum.check_success_zero);
}

/* Does check @p fail with a negative error (a copy returns a count)? */
static bool fails_negative(const struct ua_prim *p)
{
	return p->kind == PRIM_HELPER && p->helper->sum.check_fails_negative;
}

/* The parameter a check (access_ok() or a check helper's call) validates, or -1. */
static int checked_param(struct ua_fn *fn, const struct ua_prim *p)
{
	struct ua_refs refs;
	unsigned arg = p->kind == PRIM_HELPER ? p->helper->sum.check_param :
		       p->ptr_arg;

	ua_resolve(gimple_call_arg(p->stmt, arg), &refs);
	if (refs.n == 1 && refs.ref[0].kind == ROOT_PARM)
		return ua_parm_index(fn->node->decl, refs.ref[0].root);
	return -1;
}

/* A check of a pointer: access_ok(), a checking begin, a check helper. */
static bool is_check(const struct ua_prim *p)
{
	return p->kind == PRIM_ACCESS_OK || p->kind == PRIM_BEGIN ||
	       p->kind == PRIM_COPY || p->kind == PRIM_HELPER;
}

/*
 * The check a primitive rests on: a check helper's call rests on the
 * access_ok() (or begin) its summary names, through helpers of helpers.
 */
const struct ua_prim *ua_inner_check(const struct ua_prim *p)
{
	return p->kind == PRIM_HELPER ? p->helper->sum.check_prim : p;
}

/* The bytes a check validates, when constant; -1 (less than any) if not. */
static HOST_WIDE_INT checked_bytes(const struct ua_prim *p)
{
	const struct ua_prim *inner = ua_inner_check(p);
	tree len;

	if (gimple_call_num_args(inner->stmt) <= inner->len_arg)
		return -1;
	len = gimple_call_arg(inner->stmt, inner->len_arg);
	return TREE_CODE(len) == INTEGER_CST && tree_fits_shwi_p(len) ?
	       tree_to_shwi(len) : -1;
}

/* Does check @p's success cover what leaves by @way? */
static bool covers(const struct ua_prim *p, struct way way)
{
	if (way.via)
		return way.via == p->ok_edge ||
		       ua_prim_dominates(p, way.via->src, NULL);
	return ua_prim_dominates(p, way.bb, NULL);
}

/* Is what leaves by @way reached only after check @p failed? */
static bool failed_before(const struct ua_prim *p, struct way way)
{
	if (way.via && way.via == ua_prim_fail_edge(p))
		return true;
	return ua_prim_fails_before(p, way.via ? way.via->src : way.bb);
}

/*
 * The longest check of a parameter whose success covers @way: on a path
 * through several, the one that validates the most counts.
 */
static const struct ua_prim *dominating_param_check(struct ua_fn *fn,
						    struct way way, int *param)
{
	const struct ua_prim *best = NULL;
	unsigned i;

	for (i = 0; i < ua_nprims(fn); i++) {
		const struct ua_prim *p = ua_prim_at(fn, i);
		int j;

		if (!is_check(p) || !covers(p, way))
			continue;
		j = checked_param(fn, p);
		if (j < 0 || (best && (j != *param ||
				       checked_bytes(p) <= checked_bytes(best))))
			continue;
		best = p;
		*param = j;
	}
	return best;
}

/* Is @e the success edge of a check of parameter @param?  Which one. */
static const struct ua_prim *success_of(struct ua_fn *fn, edge e, int param)
{
	unsigned i;

	for (i = 0; i < ua_nprims(fn); i++) {
		const struct ua_prim *p = ua_prim_at(fn, i);

		if (is_check(p) && p->ok_edge == e && checked_param(fn, p) == param)
			return p;
	}
	return NULL;
}

/*
 * Does every path to @way pass the success edge of a check of @param,
 * checks on branches that join included?  The weakest check met last on
 * a path, walking back from @way.
 */
static const struct ua_prim *checked_on_every_path(struct ua_fn *fn,
						   struct way way, int param)
{
	auto_vec<basic_block> work;
	auto_sbitmap seen(last_basic_block_for_fn(fn->fun));
	const struct ua_prim *weakest = NULL, *p;

	bitmap_clear(seen);
	p = way.via ? success_of(fn, way.via, param) : NULL;
	if (p)
		return p;
	work.safe_push(way.via ? way.via->src : way.bb);
	bitmap_set_bit(seen, work[0]->index);
	while (!work.is_empty()) {
		basic_block b = work.pop();
		edge e;
		edge_iterator ei;

		if (b == ENTRY_BLOCK_PTR_FOR_FN(fn->fun))
			return NULL;
		FOR_EACH_EDGE(e, ei, b->preds) {
			p = success_of(fn, e, param);
			if (p) {
				if (!weakest || checked_bytes(p) < checked_bytes(weakest))
					weakest = p;
			} else if (!bitmap_bit_p(seen, e->src->index)) {
				bitmap_set_bit(seen, e->src->index);
				work.safe_push(e->src);
			}
		}
	}
	return weakest;
}

/* Checks on branches that join, of the parameter the first check checks. */
static const struct ua_prim *joined_param_check(struct ua_fn *fn,
						struct way way, int *param)
{
	unsigned i;

	for (i = 0; i < ua_nprims(fn); i++) {
		const struct ua_prim *p = ua_prim_at(fn, i);
		int j = is_check(p) ? checked_param(fn, p) : -1;

		if (j < 0)
			continue;
		p = checked_on_every_path(fn, way, j);
		*param = j;
		return p;
	}
	return NULL;
}

/*
 * The primitive @want accepts whose call defines @val, through copies and
 * conversions (and, @through_tests, likely() and "!= 0").
 */
static const struct ua_prim *call_of(struct ua_fn *fn, tree val,
				     bool through_tests,
				     bool (*want)(const struct ua_prim *))
{
	int steps;

	for (steps = 0; TREE_CODE(val) == SSA_NAME && steps < 8; steps++) {
		gimple *def = SSA_NAME_DEF_STMT(val);
		const struct ua_prim *p;

		if (is_gimple_call(def)) {
			p = ua_prim_of(fn, def);
			if (p && want(p))
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
	const struct ua_prim *p = call_of(fn, val, !w->success_zero, is_check);

	return p && succeeds_zero(p) == w->success_zero ? p : NULL;
}

/* The region a begin opens: its own, or a begin helper's. */
static enum ua_mode begin_mode(const struct ua_prim *p)
{
	if (p->kind == PRIM_BEGIN)
		return p->mode;
	return p->kind == PRIM_HELPER ? p->helper->sum.opens : UA_MODE_NONE;
}

static bool opens_region(const struct ua_prim *p)
{
	return begin_mode(p) != UA_MODE_NONE;
}

/*
 * The checking begin whose own result @val is, through conversions,
 * likely() and "!= 0" (return user_write_access_begin(p, n);): a helper
 * that succeeds with it hands its caller an open region.
 */
static const struct ua_prim *returned_begin(struct ua_fn *fn, tree val)
{
	return call_of(fn, val, true, opens_region);
}

/*
 * Is @val the result of a call into our own call cycle of a function with
 * no check summary yet?  The optimistic rounds of a cycle pass over such
 * returns, so that helpers that succeed only through each other (a bool
 * helper returning access_ok()'s result or its partner's, which is its own
 * one level deeper) get a summary to verify; the strict rounds then keep
 * only what every return supports.
 */
/* What @val copies, through copies and conversions (a constant, say). */
static tree copy_source(tree val)
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

static bool deferred_call(struct ua_fn *fn, tree val)
{
	struct ua_fn *callee;

	val = copy_source(val);
	if (TREE_CODE(val) != SSA_NAME || !is_gimple_call(SSA_NAME_DEF_STMT(val)))
		return false;
	callee = ua_fn_of_call(SSA_NAME_DEF_STMT(val));
	return callee && callee->scc == fn->scc && callee->sum.check_param < 0;
}

/*
 * Is @val, returned by @way, a check helper's result on a path where
 * that check failed (if (ret) return ret;)?
 */
static const struct ua_prim *returned_failure(struct ua_fn *fn, tree val,
					      struct way way,
					      const struct check_walk *w)
{
	const struct ua_prim *p = call_of(fn, val, false, is_check);

	if (!p || !succeeds_zero(p) || !w->success_zero ||
	    !failed_before(p, way))
		return NULL;
	return p;
}

/* @val through copies, to the SSA name a test reads. */
static tree tested_name(tree val)
{
	int steps;

	for (steps = 0; TREE_CODE(val) == SSA_NAME && steps < 8; steps++) {
		gimple *def = SSA_NAME_DEF_STMT(val);

		if (!gimple_assign_single_p(def) ||
		    TREE_CODE(gimple_assign_rhs1(def)) != SSA_NAME)
			return val;
		val = gimple_assign_rhs1(def);
	}
	return val;
}

/*
 * Is @val, returned by @way, known to be an error there: a value on the
 * edge where a test found it negative (ret = setup(); if (ret < 0)
 * return ret;), or, for a helper that succeeds with 0, nonzero?  Sets
 * @negative.
 */
static bool returned_error(tree val, struct way way,
			   const struct check_walk *w, bool *negative)
{
	basic_block at = way.via ? way.via->src : way.bb;
	imm_use_iterator it;
	gimple *use;
	tree x = tested_name(val);

	if (TREE_CODE(x) != SSA_NAME || !w->success_zero)
		return false;
	FOR_EACH_IMM_USE_STMT(use, it, x) {
		gcond *c = dyn_cast<gcond *>(use);
		enum tree_code code;
		edge e;

		if (!c || gimple_cond_lhs(c) != x ||
		    !integer_zerop(gimple_cond_rhs(c)) ||
		    EDGE_COUNT(gimple_bb(c)->succs) != 2)
			continue;
		code = gimple_cond_code(c);
		if (code == LT_EXPR || code == GE_EXPR)
			e = ua_edge_when(gimple_bb(c), code == LT_EXPR);
		else if (code == NE_EXPR || code == EQ_EXPR)
			e = ua_edge_when(gimple_bb(c), code == NE_EXPR);
		else
			continue;
		if (e != way.via && !ua_edge_dominates(e, at))
			continue;
		*negative = code == LT_EXPR || code == GE_EXPR;
		return true;
	}
	return false;
}

/*
 * An error returned after a check of a parameter: whatever its sign, a
 * caller that takes it for success ("if (ret < 0)") has a checked
 * pointer, which is all the kernel's contract asks.
 */
static bool error_after_check(struct ua_fn *fn, struct way way)
{
	int param = -1;

	return dominating_param_check(fn, way, &param) != NULL;
}

static void note_check_return(struct ua_fn *fn, tree val, struct way way,
			      void *data)
{
	struct check_walk *w = (struct check_walk *)data;
	const struct ua_prim *p;
	bool negative;
	int param = -1;

	p = returned_failure(fn, val, way, w);
	if (p) {
		w->fails_negative &= fails_negative(p);
		return;
	}
	if (returned_error(val, way, w, &negative)) {
		w->fails_negative &= negative || error_after_check(fn, way);
		return;
	}
	if (w->optimistic && deferred_call(fn, val))
		return;
	param = null_param_on(fn, way);
	if (param >= 0) {
		w->null_params |= 1u << param;
		return;
	}
	p = w->success_zero ? NULL : returned_begin(fn, val);
	if (p) {
		/* our result is the begin's: success leaves its region open */
		param = checked_param(fn, p);
		if (w->opens != UA_MODE_NONE && w->opens != begin_mode(p))
			w->ok = false;
		w->opens = begin_mode(p);
	} else if ((p = returned_check(fn, val, w))) {
		const struct ua_prim *d;
		int dparam = -1;

		/* our result is the check's own, after what else was checked */
		w->closed_success = true;
		param = checked_param(fn, p);
		if (succeeds_zero(p))
			w->fails_negative &= fails_negative(p);
		d = dominating_param_check(fn, way, &dparam);
		if (d && dparam == param && checked_bytes(d) > checked_bytes(p))
			p = d;
	} else {
		val = copy_source(val);
		/* a value we cannot classify may be success: it needs the check */
		if (TREE_CODE(val) == INTEGER_CST && !is_success(w, val)) {
			w->fails_negative &= tree_int_cst_sgn(val) < 0 ||
					     error_after_check(fn, way);
			return;
		}
		w->closed_success = true;
		p = dominating_param_check(fn, way, &param);
		if (!p)
			p = joined_param_check(fn, way, &param);
	}
	if (p && param < 0)
		p = NULL;
	if (!p || (w->check && w->param != param)) {
		w->ok = false;
		return;
	}
	/* every success is checked: by the shortest of the checks found */
	if (!w->check || checked_bytes(p) < checked_bytes(w->check))
		w->check = ua_inner_check(p);
	w->param = param;
}

/* Judge @fn's returns as a check helper succeeding with 0, or with true. */
static void walk_returns(struct ua_fn *fn, bool optimistic, bool success_zero,
			 bool fails_negative, struct check_walk *w)
{
	memset(w, 0, sizeof(*w));
	w->param = -1;
	w->ok = true;
	w->optimistic = optimistic;
	w->success_zero = success_zero;
	w->fails_negative = fails_negative;
	each_return(fn, note_check_return, w);
}

/* Returns true when the check summary changed. */
static bool compute_check_summary(struct ua_fn *fn, bool optimistic)
{
	tree rtype = TREE_TYPE(TREE_TYPE(fn->node->decl));
	struct ua_summary *sum = &fn->sum;
	struct check_walk w;

	memset(&w, 0, sizeof(w));
	w.param = -1;
	/* a recursive call reads the summary of the last round until the end */
	if (INTEGRAL_TYPE_P(rtype) && ua_nprims(fn)) {
		bool zero = TREE_CODE(rtype) != BOOLEAN_TYPE;

		walk_returns(fn, optimistic, zero, zero && !TYPE_UNSIGNED(rtype), &w);
		/*
		 * An int helper that is a truth value, not an error code:
		 * "return __access_ok(fp, size);" (x86's valid_user_frame()).
		 */
		if ((!w.ok || !w.check) && zero)
			walk_returns(fn, optimistic, false, false, &w);
	}
	/* a NULL path is no user memory only for the pointer checked */
	if (w.ok && w.check && w.param < 32 && (w.null_params & ~(1u << w.param)))
		w.ok = false;
	if (!w.ok || !w.check) {
		w.param = -1;
		w.check = NULL;
		w.success_zero = false;
		w.fails_negative = false;
		w.opens = UA_MODE_NONE;
	}
	/* a helper opens for its caller only if every success does */
	if (w.closed_success)
		w.opens = UA_MODE_NONE;
	if (sum->check_param == w.param && sum->check_prim == w.check &&
	    sum->check_success_zero == w.success_zero &&
	    sum->check_fails_negative == w.fails_negative &&
	    sum->opens == w.opens)
		return false;
	sum->check_param = w.param;
	sum->check_prim = w.check;
	sum->check_success_zero = w.success_zero;
	sum->check_fails_negative = w.fails_negative;
	sum->opens = w.opens;
	return true;
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
	fn->nhelper_tokens = 0;
	for (i = 0; i < calls.length(); i++) {
		struct ua_prim *p = &fn->helper_calls[i];

		ua_init_prim(p, calls[i], PRIM_HELPER, UA_MODE_NONE,
			     gimple_call_fndecl(calls[i]));
		p->helper = check_helper_called(calls[i]);
		ua_find_guard(p);
		/* a begin helper's call is a begin of ours, on its success */
		p->mode = p->helper->sum.opens;
		p->opens = p->mode != UA_MODE_NONE;
		if (p->opens && ua_ntokens(fn) < RS_MAX_TOKENS)
			p->token = fn->ntokens + fn->nhelper_tokens++;
	}
}

#define UA_CYCLE_ROUNDS 8

/* Is the unit's postorder range [@first, @end) a cycle of calls? */
static bool cyclic(unsigned first, unsigned end)
{
	cgraph_edge *e;

	if (end - first > 1)
		return true;
	for (e = ua_unit_fn(first)->node->callees; e; e = e->next_callee)
		if (ua_fn_of(e->callee) == ua_unit_fn(first))
			return true;
	return false;
}

/*
 * Run @step over the members of [@first, @end) until nothing changes (once
 * when they are no cycle: their callees' summaries are final).
 */
static bool settle(unsigned first, unsigned end,
		   bool (*step)(struct ua_fn *))
{
	unsigned i, round, rounds = cyclic(first, end) ? UA_CYCLE_ROUNDS : 1;
	bool changed = true;

	for (round = 0; changed && round < rounds; round++) {
		changed = false;
		for (i = first; i < end; i++) {
			struct ua_fn *fn = ua_unit_fn(i);

			ua_fn_enter(fn);
			changed |= step(fn);
			ua_fn_leave();
		}
	}
	return !changed || rounds == 1;
}

static bool optimistic_check_step(struct ua_fn *fn)
{
	find_helper_calls(fn);
	return compute_check_summary(fn, true);
}

static bool check_step(struct ua_fn *fn)
{
	find_helper_calls(fn);
	return compute_check_summary(fn, false);
}

/*
 * The summaries of one call cycle (or one function), to a fixed point;
 * a cycle that does not settle keeps no returned parameter and no check.
 * Check summaries of a cycle start from what its optimistic rounds found
 * and lose what a return does not support, the greatest fixed point: a
 * recursion that ends succeeds only where its innermost call checked.
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
	if (cyclic(first, end))
		settle(first, end, optimistic_check_step);
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
