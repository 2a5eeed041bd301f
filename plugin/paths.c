// SPDX-License-Identifier: GPL-2.0
/*
 * Phase 3, queries: paths.  Can a path from a point to an access avoid
 * every check of its pointer?  A tested check cuts its success edge, a
 * masked begin its own statement; edges on which the pointer is not user
 * memory (null, a kernel address on powerpc) or on which a hand-written
 * bound made it user memory (bound.c) cut too.  The paths are those of
 * the CFG less what phase 1 ruled out: edge pairs no execution takes in a
 * row (feasible.c) and tests of one parameter both ways (correlate.c).
 */
#include "uaccess_check.h"

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
		if (ua_edge_dominates(fn->kernel_edges[i], gimple_bb(stmt)))
			return true;
	return false;
}

/*
 * Is the value tested, as @refs, @ref's pointer itself?  A value a PHI
 * chose among several (powerpc's __get_user() of a pointer: one asm per
 * size) is tested whole: null, it is null whichever arm it came by.
 */
static bool tests_root(const struct ua_refs *refs, const struct ua_ref *ref)
{
	bool same = false;
	unsigned i;

	if (refs->overflow || !refs->n)
		return false;
	for (i = 0; i < refs->n; i++) {
		if (!refs->ref[i].off_known || refs->ref[i].off != 0)
			return false;
		same |= ua_same_root(&refs->ref[i], ref);
	}
	return same;
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
		if (!tests_root(&refs, ref))
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
		if (!upto || ua_stmt_before(p->stmt, upto))
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
