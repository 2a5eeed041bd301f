// SPDX-License-Identifier: GPL-2.0
/*
 * Phase 1, local analysis: guards.  Which edge of the CFG a check's
 * success takes; and, for the queries, what a check dominates and whether
 * a path to a point can avoid every check of a pointer.
 *
 * access_ok() and the checking begins return a truth value that reaches a
 * GIMPLE_COND through negations, conversions and __builtin_expect (the
 * likely()/unlikely() around it).  The edge taken when the check passed
 * validates everything it dominates.  An inverted test ("if (begin())
 * return;") simply leaves the accesses on the other edge, which the
 * success edge does not dominate.
 */
#include "uaccess_check.h"

#define UA_GUARD_DEPTH 8

static bool is_expect(gimple *stmt)
{
	return gimple_call_builtin_p(stmt, BUILT_IN_EXPECT) ||
	       gimple_call_internal_p(stmt, IFN_BUILTIN_EXPECT);
}

/*
 * The value @val is the check's result, negated when @neg; with
 * @neg_fails it is a helper's, 0 on success and negative on failure, so
 * "val < 0" is a test too.
 */
static edge success_edge(tree val, bool neg, bool neg_fails, int depth)
{
	imm_use_iterator it;
	gimple *use;
	edge found = NULL;

	if (depth > UA_GUARD_DEPTH || TREE_CODE(val) != SSA_NAME)
		return NULL;
	FOR_EACH_IMM_USE_STMT(use, it, val) {
		edge e = NULL;

		if (gimple_code(use) == GIMPLE_COND) {
			gcond *c = as_a<gcond *>(use);
			enum tree_code code = gimple_cond_code(c);
			bool taken_true;

			if (!integer_zerop(gimple_cond_rhs(c)))
				continue;
			if (neg_fails && (code == LT_EXPR || code == GE_EXPR))
				taken_true = code == GE_EXPR;
			else if (code == NE_EXPR || code == EQ_EXPR)
				/* the true edge is taken when val != 0 */
				taken_true = (code == NE_EXPR) != neg;
			else
				continue;
			if (EDGE_COUNT(gimple_bb(c)->succs) != 2)
				continue;
			e = EDGE_SUCC(gimple_bb(c), 0);
			if (!!(e->flags & EDGE_TRUE_VALUE) != taken_true)
				e = EDGE_SUCC(gimple_bb(c), 1);
		} else if (is_gimple_assign(use)) {
			enum tree_code code = gimple_assign_rhs_code(use);
			tree lhs = gimple_assign_lhs(use);

			if (code == SSA_NAME || (CONVERT_EXPR_CODE_P(code) &&
						 !TYPE_UNSIGNED(TREE_TYPE(lhs))))
				e = success_edge(lhs, neg, neg_fails, depth + 1);
			else if (CONVERT_EXPR_CODE_P(code))
				e = success_edge(lhs, neg, false, depth + 1);
			else if (code == BIT_NOT_EXPR || code == TRUTH_NOT_EXPR)
				e = success_edge(lhs, !neg, false, depth + 1);
			else if (code == BIT_XOR_EXPR &&
				 integer_onep(gimple_assign_rhs2(use)))
				e = success_edge(lhs, !neg, false, depth + 1);
			else if ((code == EQ_EXPR || code == NE_EXPR) &&
				 integer_zerop(gimple_assign_rhs2(use)))
				e = success_edge(lhs, neg != (code == EQ_EXPR),
						 false, depth + 1);
		} else if (is_gimple_call(use) && is_expect(use) &&
			   gimple_call_arg(use, 0) == val &&
			   gimple_call_lhs(use)) {
			e = success_edge(gimple_call_lhs(use), neg, neg_fails,
					 depth + 1);
		}
		if (e && !found)
			found = e;
	}
	return found;
}

/* The success edge of a tested primitive (phase 1; phase 2 for helpers). */
void ua_find_guard(struct ua_prim *p)
{
	tree lhs = gimple_call_lhs(p->stmt);

	if (!ua_prim_props[p->kind].tested || !lhs)
		return;
	/* a helper returning 0 on success succeeds when "false" */
	p->ok_edge = success_edge(lhs, p->helper &&
				  p->helper->sum.check_success_zero,
				  p->helper && p->helper->sum.check_fails_negative,
				  0);
}

void ua_find_guards(struct ua_fn *fn)
{
	unsigned i;

	for (i = 0; i < fn->nprims; i++)
		ua_find_guard(&fn->prims[i]);
}

/*
 * An edge dominates a block when its destination does and it is the only
 * way into that destination, back edges from inside aside.
 */
static bool edge_dominates(edge e, basic_block bb)
{
	edge other;
	edge_iterator ei;

	if (!dominated_by_p(CDI_DOMINATORS, bb, e->dest))
		return false;
	FOR_EACH_EDGE(other, ei, e->dest->preds)
		if (other != e &&
		    !dominated_by_p(CDI_DOMINATORS, other->src, e->dest))
			return false;
	return true;
}

static bool stmt_before(gimple *a, gimple *b)
{
	gimple_stmt_iterator gsi;

	for (gsi = gsi_for_stmt(a); !gsi_end_p(gsi); gsi_next(&gsi))
		if (gsi_stmt(gsi) == b)
			return true;
	return false;
}

/* Does @s run before what is used at @stmt in @bb (NULL: its end) on every path? */
bool ua_stmt_dominates(gimple *s, basic_block bb, gimple *stmt)
{
	basic_block sbb = gimple_bb(s);

	if (sbb == bb)
		return s != stmt && (!stmt || stmt_before(s, stmt));
	return dominated_by_p(CDI_DOMINATORS, bb, sbb);
}

/*
 * Does primitive @p validate what is used at @stmt in @bb (or, with a
 * NULL @stmt, at the end of @bb) on its own?  The caller has entered p's
 * function.
 */
bool ua_prim_dominates(const struct ua_prim *p, basic_block bb, gimple *stmt)
{
	basic_block pbb = gimple_bb(p->stmt);

	if (ua_prim_props[p->kind].tested)
		return p->ok_edge && edge_dominates(p->ok_edge, bb);
	if (pbb == bb)
		return !stmt || stmt_before(p->stmt, stmt);
	return dominated_by_p(CDI_DOMINATORS, bb, pbb);
}

static bool is_cut_edge(const struct ua_cuts *c, edge e)
{
	unsigned i;

	for (i = 0; i < c->n; i++)
		if (ua_prim_props[c->prims[i]->kind].tested &&
		    c->prims[i]->ok_edge == e)
			return true;
	for (i = 0; i < c->nnulls; i++)
		if (c->nulls[i] == e)
			return true;
	return false;
}

/* The successor of @bb taken when its condition is @value. */
edge ua_edge_when(basic_block bb, bool value)
{
	edge e = EDGE_SUCC(bb, 0);

	return !!(e->flags & EDGE_TRUE_VALUE) == value ? e : EDGE_SUCC(bb, 1);
}

/* "p == 0" / "p != 0": the edge on which the pointer is null. */
static edge null_edge(gcond *c)
{
	enum tree_code code = gimple_cond_code(c);

	if ((code != EQ_EXPR && code != NE_EXPR) ||
	    !integer_zerop(gimple_cond_rhs(c)) ||
	    !POINTER_TYPE_P(TREE_TYPE(gimple_cond_lhs(c))))
		return NULL;
	return ua_edge_when(gimple_bb(c), code == EQ_EXPR);
}

/*
 * powerpc's is_kernel_addr(ea), a comparison with the start of the
 * kernel's half: the edge a kernel address takes, found by folding the
 * test with one (GCC may have turned it into "(long)ea < 0").
 */
static edge kernel_edge(gcond *c)
{
	tree lhs = gimple_cond_lhs(c);
	tree type = TREE_TYPE(lhs);
	tree kaddr, v;

	if (!INTEGRAL_TYPE_P(type) || TYPE_PRECISION(type) != 64 ||
	    TREE_CODE(gimple_cond_rhs(c)) != INTEGER_CST ||
	    !(ua_written_in_macro(gimple_location(c), "is_kernel_addr") ||
	      ua_line_calls(gimple_location(c), "is_kernel_addr")))
		return NULL;
	kaddr = wide_int_to_tree(type, wi::shwi(HOST_WIDE_INT_M1U << 62, 64));
	v = fold_binary(gimple_cond_code(c), boolean_type_node, kaddr,
			fold_convert(type, gimple_cond_rhs(c)));
	if (!v || TREE_CODE(v) != INTEGER_CST)
		return NULL;
	return ua_edge_when(gimple_bb(c), integer_onep(v));
}

/* The function's kernel-address edges, found once (most have none). */
static void find_kernel_edges(struct ua_fn *fn)
{
	basic_block bb;

	if (fn->kernel_edges_found)
		return;
	fn->kernel_edges_found = true;
	FOR_EACH_BB_FN(bb, fn->fun) {
		gcond *c = ua_block_cond(bb);
		edge e = c ? kernel_edge(c) : NULL;

		if (!e)
			continue;
		fn->kernel_edges = XRESIZEVEC(edge, fn->kernel_edges,
					      fn->nkernel_edges + 1);
		fn->kernel_edges[fn->nkernel_edges++] = e;
	}
}

/*
 * Is @stmt only reached with a kernel address (under "if
 * (is_kernel_addr(ea))")?  KUAP guards user memory only: such code
 * accesses kernel memory with the unsafe accessors outside a region.
 */
bool ua_on_kernel_path(struct ua_fn *fn, gimple *stmt)
{
	unsigned i;

	find_kernel_edges(fn);
	for (i = 0; i < fn->nkernel_edges; i++)
		if (edge_dominates(fn->kernel_edges[i], gimple_bb(stmt)))
			return true;
	return false;
}

/*
 * The edges on which the pointer of @ref is not user memory: a kernel
 * address (powerpc's emulation code accesses those deliberately), or,
 * with @null_page, null (if (!v_regs), also when a check of it was
 * skipped for null: "if (p && !access_ok(p, n))"), which reaches the
 * access only on the null page; and those on which a hand-written bound
 * made the @size bytes user memory (bound.c).
 */
unsigned ua_safe_edges(struct ua_fn *fn, const struct ua_ref *ref,
		       HOST_WIDE_INT size, bool null_page, edge **out)
{
	basic_block bb;
	unsigned n = 0;

	*out = NULL;
	find_kernel_edges(fn);
	FOR_EACH_BB_FN(bb, fn->fun) {
		gcond *c = ua_block_cond(bb);
		struct ua_refs refs;
		edge e;

		if (!c || TREE_CODE(gimple_cond_lhs(c)) != SSA_NAME)
			continue;
		e = ua_bound_edge(c, ref, size, UA_MASK_GUARD);
		if (e) {
			*out = XRESIZEVEC(edge, *out, n + 1);
			(*out)[n++] = e;
			continue;
		}
		if (!fn->nkernel_edges && !null_page)
			continue;
		e = fn->nkernel_edges ? kernel_edge(c) : NULL;
		if (!e && null_page)
			e = null_edge(c);
		if (!e)
			continue;
		ua_resolve(gimple_cond_lhs(c), &refs);
		if (refs.overflow || refs.n != 1 || !refs.ref[0].off_known ||
		    refs.ref[0].off != 0 || !ua_same_root(&refs.ref[0], ref))
			continue;
		*out = XRESIZEVEC(edge, *out, n + 1);
		(*out)[n++] = e;
	}
	return n;
}

/* The first untested cut (a masked begin) in @bb before @upto, if any. */
static bool cut_in_block(const struct ua_cuts *c, basic_block bb, gimple *upto)
{
	unsigned i;

	for (i = 0; i < c->n; i++) {
		const struct ua_prim *p = c->prims[i];

		if (ua_prim_props[p->kind].tested || gimple_bb(p->stmt) != bb)
			continue;
		if (!upto || stmt_before(p->stmt, upto))
			return true;
	}
	return false;
}

/* ua_path_avoids() under one assumption of correlate.c. */
static bool avoids_under(struct ua_fn *fn, const struct ua_cuts *cuts,
			 edge from, basic_block bb, gimple *stmt, unsigned a)
{
	/* (block, edge it was entered by): a decided block is one per edge */
	auto_vec<std::pair<basic_block, edge> > work;
	auto_sbitmap seen(last_basic_block_for_fn(fn->fun));
	hash_set<edge> seen_in;
	basic_block start;
	bool found = false;

	if (from && (is_cut_edge(cuts, from) || ua_dead_under(fn, a, from)))
		return false;
	start = from ? from->dest : ENTRY_BLOCK_PTR_FOR_FN(fn->fun);
	bitmap_clear(seen);
	bitmap_set_bit(seen, start->index);
	work.safe_push(std::make_pair(start, from));
	while (!work.is_empty() && !found) {
		basic_block b = work.last().first;
		edge in = work.last().second;
		edge e;
		edge_iterator ei;

		work.pop();
		if (b == bb) {
			found = !cut_in_block(cuts, b, stmt);
			continue;
		}
		if (cut_in_block(cuts, b, NULL))
			continue;
		FOR_EACH_EDGE(e, ei, b->succs) {
			if (is_cut_edge(cuts, e) || ua_dead_under(fn, a, e) ||
			    (in && ua_infeasible(fn, in, e)))
				continue;
			if (ua_block_decided(fn, e->dest)) {
				if (seen_in.add(e))
					continue;
			} else if (bitmap_bit_p(seen, e->dest->index)) {
				continue;
			}
			bitmap_set_bit(seen, e->dest->index);
			work.safe_push(std::make_pair(e->dest, e));
		}
	}
	return found;
}

/*
 * Coverage is an all-paths property: is there a path from @from (its
 * destination's start; the function's entry when NULL) to @stmt in @bb
 * (NULL: the end of @bb) that passes none of @cuts?  A tested check cuts
 * its success edge, a masked begin its own statement, a null test of the
 * pointer its null edge.  No such path means every path is validated,
 * also when no single check dominates (two begins on branches that join).
 * Paths feasible.c rules out (a run-once loop taken twice) are not paths,
 * nor are those that test one parameter both ways (correlate.c).
 */
bool ua_path_avoids(struct ua_fn *fn, const struct ua_cuts *cuts, edge from,
		    basic_block bb, gimple *stmt)
{
	unsigned a;

	for (a = 0; a < ua_assumptions(fn); a++)
		if (avoids_under(fn, cuts, from, bb, stmt, a))
			return true;
	return false;
}
