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
 * A parameter, also one in memory (its address taken) that nothing
 * changes on the way to its tests, tested against one constant in two
 * conditions or more is tracked, up to UA_MAX_CORR of them.  (A local
 * variable's own initialisation reaches its tests, so in practice only
 * parameters are.)  Each combination of their outcomes
 * is an assumption; under it, the edges that contradict it are dead.  The
 * questions that follow paths (paths.c's ua_path_avoids(), the region
 * dataflow) are asked under each assumption and the answers joined, so a
 * path only counts when some execution can take it.
 */
#include "uaccess_check.h"

/* A local variable or a parameter of @fn that lives in memory. */
static bool own_variable(struct ua_fn *fn, tree t)
{
	return (TREE_CODE(t) == VAR_DECL || TREE_CODE(t) == PARM_DECL) &&
	       DECL_CONTEXT(t) == fn->node->decl && !TREE_STATIC(t);
}

/*
 * The value an SSA name tested stands for: a parameter's incoming value,
 * or a variable of the function read from memory (6.1's kbuf, whose
 * address a call takes at the end), which stays one value only where no
 * store reaches its tests (keep_unchanged()).
 */
static tree tested_value(struct ua_fn *fn, tree lhs)
{
	gimple *def;

	if (TREE_CODE(lhs) != SSA_NAME)
		return NULL_TREE;
	if (SSA_NAME_IS_DEFAULT_DEF(lhs))
		return SSA_NAME_VAR(lhs) && TREE_CODE(SSA_NAME_VAR(lhs)) == PARM_DECL ?
		       lhs : NULL_TREE;
	def = SSA_NAME_DEF_STMT(lhs);
	if (gimple_assign_single_p(def) && own_variable(fn, gimple_assign_rhs1(def)))
		return gimple_assign_rhs1(def);
	return NULL_TREE;
}

/* A test "value == cst" in @bb: the edge taken when it holds. */
static bool tracked_test(struct ua_fn *fn, basic_block bb, tree *value,
			 tree *cst, edge *when_eq)
{
	gcond *c = ua_block_cond(bb);
	tree rhs;

	if (!c)
		return false;
	rhs = gimple_cond_rhs(c);
	if ((gimple_cond_code(c) != EQ_EXPR && gimple_cond_code(c) != NE_EXPR) ||
	    TREE_CODE(rhs) != INTEGER_CST)
		return false;
	*value = tested_value(fn, gimple_cond_lhs(c));
	if (!*value)
		return false;
	*cst = rhs;
	*when_eq = ua_edge_when(bb, gimple_cond_code(c) == EQ_EXPR);
	return true;
}

static tree mentions_address(tree *tp, int *walk_subtrees, void *data)
{
	(void)walk_subtrees;
	return TREE_CODE(*tp) == ADDR_EXPR &&
	       get_base_address(TREE_OPERAND(*tp, 0)) == (tree)data ? *tp : NULL_TREE;
}

/* Does @stmt store to @var (an asm's output too), or take its address? */
static bool changes(gimple *stmt, tree var)
{
	gasm *a = dyn_cast<gasm *>(stmt);
	unsigned i;

	if (gimple_vdef(stmt) && gimple_has_lhs(stmt) &&
	    get_base_address(gimple_get_lhs(stmt)) == var)
		return true;
	for (i = 0; a && i < gimple_asm_noutputs(a); i++)
		if (get_base_address(TREE_VALUE(gimple_asm_output_op(a, i))) == var)
			return true;
	for (i = 0; i < gimple_num_ops(stmt); i++)
		if (gimple_op(stmt, i) &&
		    walk_tree(gimple_op_ptr(stmt, i), mentions_address, var, NULL))
			return true;
	return false;
}

/* Can a path from @from reach the end of one of @c's tests? */
static bool reaches_test(struct ua_fn *fn, basic_block from, const struct ua_corr *c)
{
	auto_vec<basic_block> work;
	auto_sbitmap seen(last_basic_block_for_fn(fn->fun));
	unsigned i;

	bitmap_clear(seen);
	bitmap_set_bit(seen, from->index);
	work.safe_push(from);
	while (!work.is_empty()) {
		basic_block b = work.pop();
		edge e;
		edge_iterator ei;

		for (i = 0; i < c->n; i++)
			if (c->eq[i]->src == b)
				return true;
		FOR_EACH_EDGE(e, ei, b->succs)
			if (!bitmap_bit_p(seen, e->dest->index)) {
				bitmap_set_bit(seen, e->dest->index);
				work.safe_push(e->dest);
			}
	}
	return false;
}

/* A variable in memory is one value only if nothing that changes it reaches a test. */
static bool unchanged(struct ua_fn *fn, const struct ua_corr *c)
{
	basic_block bb;

	if (TREE_CODE(c->value) == SSA_NAME)
		return true;
	FOR_EACH_BB_FN(bb, fn->fun) {
		gimple_stmt_iterator gsi;

		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi))
			if (changes(gsi_stmt(gsi), c->value) &&
			    reaches_test(fn, bb, c))
				return false;
	}
	return true;
}

static struct ua_corr *corr_of(struct ua_fn *fn, tree value, tree cst)
{
	unsigned i;

	for (i = 0; i < fn->ncorr; i++)
		if (operand_equal_p(fn->corr[i].value, value, 0) &&
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

/* Keep the values tested twice or more and unchanged, at most UA_MAX_CORR of them. */
static void keep_correlated(struct ua_fn *fn)
{
	unsigned i, n = 0;

	for (i = 0; i < fn->ncorr; i++) {
		if (fn->corr[i].n < 2 || n == UA_MAX_CORR ||
		    !unchanged(fn, &fn->corr[i])) {
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

		if (tracked_test(fn, bb, &value, &cst, &when_eq))
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
