// SPDX-License-Identifier: GPL-2.0
/*
 * Phase 1, local analysis: pairs of edges that no execution takes one
 * right after the other.
 *
 * 7.x's scoped_user_*_access() is three nested run-once for loops on one
 * bool flag:  for (bool done = false; !done; done = true).  Before any
 * optimisation each loop's test is a block whose branch the flag decides,
 * and the flag is a PHI of that block: false the first time in, true when
 * coming back from the body.  Taken block by block, the CFG has a path
 * that enters the scope twice, or leaves it without running the body
 * (skipping the end in the cleanup handler); region states joined there
 * say "open or closed" everywhere after the scope.  Here the value of the
 * flag along each edge into such a test decides which way out is taken,
 * and the other way out is recorded as infeasible after that edge.  The
 * value is a constant PHI argument, or one that a dominating test of the
 * same flag fixes (the inner loop's first entry inherits the outer
 * loop's "!done").
 *
 * Only == / != against constants are evaluated, a constant being 0, 1 or
 * any other: the shape the scope macros produce, any hand-written run-once
 * loop, and an error code joined with success ("err = get_user(len, p);
 * if (err) return err;": on the way -EFAULT came in, the test is taken).
 */
#include "uaccess_check.h"

#define EVAL_DEPTH 6
#define DOM_STEPS 16

/*
 * A constant as eval() counts it: 0, 1, or NONZERO for any other (an
 * error code: "err = get_user(...); if (err)" with -EFAULT on one way in).
 */
#define NONZERO 2

static int constant_value(tree t)
{
	return integer_zerop(t) ? 0 : integer_onep(t) ? 1 : NONZERO;
}

/* Do values @a and @b of eval() compare equal: 1, 0, or -1 unknown. */
static int equal(int a, int b)
{
	if (a < 0 || b < 0 || (a == NONZERO && b == NONZERO))
		return -1;
	return a == b;
}

/* The value of @t when @x is @xv: 0, 1, NONZERO, or -1 when it does not follow. */
static int eval(tree t, tree x, int xv, int depth)
{
	gimple *def;
	int a;

	if (t == x)
		return xv;
	if (TREE_CODE(t) == INTEGER_CST)
		return constant_value(t);
	if (TREE_CODE(t) != SSA_NAME || depth > EVAL_DEPTH)
		return -1;
	def = SSA_NAME_DEF_STMT(t);
	if (gimple_call_builtin_p(def, BUILT_IN_EXPECT))
		return eval(gimple_call_arg(def, 0), x, xv, depth + 1);
	if (!is_gimple_assign(def))
		return -1;
	switch (gimple_assign_rhs_code(def)) {
	case INTEGER_CST:
	case SSA_NAME:
	CASE_CONVERT:
		return eval(gimple_assign_rhs1(def), x, xv, depth + 1);
	case TRUTH_NOT_EXPR:
	case BIT_NOT_EXPR:
		if (TREE_CODE(TREE_TYPE(t)) != BOOLEAN_TYPE)
			return -1;
		a = eval(gimple_assign_rhs1(def), x, xv, depth + 1);
		return a < 0 || a == NONZERO ? -1 : !a;
	case EQ_EXPR:
	case NE_EXPR:
		a = equal(eval(gimple_assign_rhs1(def), x, xv, depth + 1),
			  eval(gimple_assign_rhs2(def), x, xv, depth + 1));
		if (a < 0)
			return -1;
		return a == (gimple_assign_rhs_code(def) == EQ_EXPR);
	default:
		return -1;
	}
}

/* Which way @cond goes when @x is @xv: 1 true, 0 false, -1 unknown. */
int ua_cond_value(gcond *cond, tree x, int xv)
{
	int e = equal(eval(gimple_cond_lhs(cond), x, xv, 0),
		      eval(gimple_cond_rhs(cond), x, xv, 0));

	if (e < 0)
		return -1;
	if (gimple_cond_code(cond) == EQ_EXPR)
		return e;
	if (gimple_cond_code(cond) == NE_EXPR)
		return !e;
	return -1;
}

static bool decides(gcond *cond, tree x)
{
	int f = ua_cond_value(cond, x, 0), t = ua_cond_value(cond, x, 1);

	return f >= 0 && t >= 0 && f != t;
}

/* The condition ending @bb, if it has two ways out. */
gcond *ua_block_cond(basic_block bb)
{
	gimple *last = last_stmt(bb);

	if (!last || gimple_code(last) != GIMPLE_COND || EDGE_COUNT(bb->succs) != 2)
		return NULL;
	return as_a<gcond *>(last);
}

/* The value @x has at the end of @bb: a constant, or fixed by a test. */
static int value_at(tree x, basic_block bb)
{
	int steps;

	if (TREE_CODE(x) == SSA_NAME && is_gimple_assign(SSA_NAME_DEF_STMT(x)) &&
	    gimple_assign_rhs_code(SSA_NAME_DEF_STMT(x)) == INTEGER_CST)
		x = gimple_assign_rhs1(SSA_NAME_DEF_STMT(x));
	if (TREE_CODE(x) == INTEGER_CST)
		return constant_value(x);
	if (TREE_CODE(x) != SSA_NAME)
		return -1;
	for (steps = 0; bb && steps < DOM_STEPS; steps++) {
		if (single_pred_p(bb)) {
			edge pe = single_pred_edge(bb);
			gcond *cond = ua_block_cond(pe->src);

			if (cond && decides(cond, x)) {
				int taken = (pe->flags & EDGE_TRUE_VALUE) != 0;

				return ua_cond_value(cond, x, 0) == taken ? 0 : 1;
			}
		}
		if (bb == ENTRY_BLOCK_PTR_FOR_FN(cfun))
			break;
		bb = get_immediate_dominator(CDI_DOMINATORS, bb);
	}
	return -1;
}

static void add_pair(struct ua_fn *fn, edge in, edge out)
{
	fn->pairs = XRESIZEVEC(struct ua_edge_pair, fn->pairs, fn->npairs + 1);
	fn->pairs[fn->npairs].in = in;
	fn->pairs[fn->npairs].out = out;
	fn->npairs++;
}

static void decided_block(struct ua_fn *fn, basic_block bb, gcond *cond)
{
	gphi_iterator gpi;

	for (gpi = gsi_start_phis(bb); !gsi_end_p(gpi); gsi_next(&gpi)) {
		gphi *phi = gpi.phi();
		tree res = gimple_phi_result(phi);
		unsigned i;

		if (virtual_operand_p(res) || !decides(cond, res))
			continue;
		for (i = 0; i < gimple_phi_num_args(phi); i++) {
			edge in = gimple_phi_arg_edge(phi, i);
			int v = value_at(gimple_phi_arg_def(phi, i), in->src);
			edge t, f;

			if (v < 0)
				continue;
			extract_true_false_edges_from_block(bb, &t, &f);
			add_pair(fn, in, ua_cond_value(cond, res, v) ? f : t);
		}
		return;
	}
}

/* The caller has entered @fn: the dominators are needed. */
void ua_find_infeasible(struct ua_fn *fn)
{
	basic_block bb;

	FOR_EACH_BB_FN(bb, fn->fun) {
		gcond *cond = ua_block_cond(bb);

		if (cond && !gimple_seq_empty_p(phi_nodes(bb)))
			decided_block(fn, bb, cond);
	}
}

bool ua_infeasible(const struct ua_fn *fn, edge in, edge out)
{
	unsigned i;

	for (i = 0; i < fn->npairs; i++)
		if (fn->pairs[i].in == in && fn->pairs[i].out == out)
			return true;
	return false;
}

bool ua_block_decided(const struct ua_fn *fn, basic_block bb)
{
	unsigned i;

	for (i = 0; i < fn->npairs; i++)
		if (fn->pairs[i].in->dest == bb)
			return true;
	return false;
}
