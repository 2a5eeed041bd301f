// SPDX-License-Identifier: GPL-2.0
/*
 * Phase 1, local analysis: guards.  Which edge of the CFG a check's
 * success takes, and what a check dominates (asked by every later phase).
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
	/* a helper returning 0 on success succeeds when "false", as a copy */
	p->ok_edge = success_edge(lhs, p->kind == PRIM_COPY || (p->helper &&
				  p->helper->sum.check_success_zero),
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
bool ua_edge_dominates(edge e, basic_block bb)
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

/* Does @a come before @b in their block? */
bool ua_stmt_before(gimple *a, gimple *b)
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
		return s != stmt && (!stmt || ua_stmt_before(s, stmt));
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
		return p->ok_edge && ua_edge_dominates(p->ok_edge, bb);
	if (pbb == bb)
		return !stmt || ua_stmt_before(p->stmt, stmt);
	return dominated_by_p(CDI_DOMINATORS, bb, pbb);
}

/* The edge a tested check @p takes when it fails, or NULL. */
edge ua_prim_fail_edge(const struct ua_prim *p)
{
	basic_block test = p->ok_edge ? p->ok_edge->src : NULL;

	if (!test || EDGE_COUNT(test->succs) != 2)
		return NULL;
	return EDGE_SUCC(test, EDGE_SUCC(test, 0) == p->ok_edge);
}

/* Is @bb reached only after the tested check @p failed? */
bool ua_prim_fails_before(const struct ua_prim *p, basic_block bb)
{
	edge fail = ua_prim_fail_edge(p);

	return fail && ua_edge_dominates(fail, bb);
}

/* The successor of @bb taken when its condition is @value. */
edge ua_edge_when(basic_block bb, bool value)
{
	edge e = EDGE_SUCC(bb, 0);

	return !!(e->flags & EDGE_TRUE_VALUE) == value ? e : EDGE_SUCC(bb, 1);
}
