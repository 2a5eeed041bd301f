// SPDX-License-Identifier: GPL-2.0
/*
 * Phase 1, local analysis: tests of one unchanged value.
 *
 * 6.1 powerpc's gpr32_set_common() opens its region only "if (!kbuf &&
 * !user_read_access_begin(u, count))" and reads user memory only in the
 * else branches of later "if (kbuf)" tests.  Taken block by block, the CFG
 * has a path that skips the begin (kbuf set) and then reads through u
 * (kbuf clear); no execution takes it, because a parameter's value never
 * changes: every "kbuf == 0" along one path has the same outcome.
 *
 * A parameter tested against one constant in two conditions or more is
 * tracked, up to UA_MAX_CORR of them.  Each combination of their outcomes
 * is an assumption; under it, the edges that contradict it are dead.  The
 * questions that follow paths (guard.c's ua_path_avoids(), the region
 * dataflow) are asked under each assumption and the answers joined, so a
 * path only counts when some execution can take it.
 */
#include "uaccess_check.h"

/* A parameter's test "value == cst" in @bb: the edge taken when it holds. */
static bool tracked_test(basic_block bb, tree *value, tree *cst, edge *when_eq)
{
	gimple *last = last_stmt(bb);
	gcond *c;
	tree lhs, rhs;

	if (!last || gimple_code(last) != GIMPLE_COND || EDGE_COUNT(bb->succs) != 2)
		return false;
	c = as_a<gcond *>(last);
	lhs = gimple_cond_lhs(c);
	rhs = gimple_cond_rhs(c);
	if ((gimple_cond_code(c) != EQ_EXPR && gimple_cond_code(c) != NE_EXPR) ||
	    TREE_CODE(lhs) != SSA_NAME || !SSA_NAME_IS_DEFAULT_DEF(lhs) ||
	    !SSA_NAME_VAR(lhs) || TREE_CODE(SSA_NAME_VAR(lhs)) != PARM_DECL ||
	    TREE_CODE(rhs) != INTEGER_CST)
		return false;
	*value = lhs;
	*cst = rhs;
	*when_eq = ua_edge_when(bb, gimple_cond_code(c) == EQ_EXPR);
	return true;
}

static struct ua_corr *corr_of(struct ua_fn *fn, tree value, tree cst)
{
	unsigned i;

	for (i = 0; i < fn->ncorr; i++)
		if (fn->corr[i].value == value &&
		    tree_int_cst_equal(fn->corr[i].cst, cst))
			return &fn->corr[i];
	return NULL;
}

static void add_test(struct ua_fn *fn, tree value, tree cst, edge when_eq)
{
	struct ua_corr *c = corr_of(fn, value, cst);

	if (!c) {
		fn->corr = XRESIZEVEC(struct ua_corr, fn->corr, fn->ncorr + 1);
		c = &fn->corr[fn->ncorr++];
		memset(c, 0, sizeof(*c));
		c->value = value;
		c->cst = cst;
	}
	c->eq = XRESIZEVEC(edge, c->eq, c->n + 1);
	c->eq[c->n++] = when_eq;
}

/* Keep the values tested twice or more, at most UA_MAX_CORR of them. */
static void keep_correlated(struct ua_fn *fn)
{
	unsigned i, n = 0;

	for (i = 0; i < fn->ncorr; i++) {
		if (fn->corr[i].n < 2 || n == UA_MAX_CORR) {
			free(fn->corr[i].eq);
			continue;
		}
		fn->corr[n++] = fn->corr[i];
	}
	fn->ncorr = n;
}

void ua_find_correlated(struct ua_fn *fn)
{
	basic_block bb;

	FOR_EACH_BB_FN(bb, fn->fun) {
		tree value, cst;
		edge when_eq;

		if (tracked_test(bb, &value, &cst, &when_eq))
			add_test(fn, value, cst, when_eq);
	}
	keep_correlated(fn);
}

unsigned ua_assumptions(const struct ua_fn *fn)
{
	return 1u << fn->ncorr;
}

/* Is @e taken only when assumption @a (bit i: value i equals its constant) is false? */
bool ua_dead_under(const struct ua_fn *fn, unsigned a, edge e)
{
	unsigned i, j;

	for (i = 0; i < fn->ncorr; i++) {
		const struct ua_corr *c = &fn->corr[i];
		bool eq = a & (1u << i);

		for (j = 0; j < c->n; j++) {
			basic_block src = c->eq[j]->src;

			if (e->src != src)
				continue;
			if ((e == c->eq[j]) != eq)
				return true;
		}
	}
	return false;
}
