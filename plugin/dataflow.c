// SPDX-License-Identifier: GPL-2.0
/*
 * Phase 1, local analysis: region state, a forward dataflow over one
 * function's CFG.
 *
 * The state at a point is the set of what may hold there: the region as
 * the caller left it (RS_ENTRY), closed, or open by one of the function's
 * begins (one token each, so that a note can name the begin and its mode
 * decides what the region allows).  A checking begin opens only on its
 * success edge; an unchecked begin (x86's stac()) opens where it stands; an end
 * closes; user_access_save() closes and user_access_restore() brings back
 * whatever reached the save its flags came from.  Sets only grow, so the
 * iteration terminates.
 *
 * The same walk finds the ends that do not close what is open and the
 * returns that leave a region this function opened.
 */
#include "uaccess_check.h"

/*
 * What the user_access_save() calls whose flags reach @val saved: a
 * restore brings back its own save's state (through PHIs of flags), or,
 * when the flags come from elsewhere, whatever reached any save.
 */
static uint64_t saved_for(struct ua_fn *fn, tree val, int depth)
{
	gimple *def;
	uint64_t s = 0;
	unsigned i;

	if (TREE_CODE(val) != SSA_NAME || depth > 8)
		return fn->saved;
	def = SSA_NAME_DEF_STMT(val);
	if (gimple_code(def) == GIMPLE_PHI) {
		for (i = 0; i < gimple_phi_num_args(def); i++)
			s |= saved_for(fn, gimple_phi_arg_def(def, i), depth + 1);
		return s;
	}
	if (gimple_assign_single_p(def) || gimple_assign_cast_p(def))
		return saved_for(fn, gimple_assign_rhs1(def), depth + 1);
	for (i = 0; i < fn->nprims; i++)
		if (fn->prims[i].stmt == def && fn->prims[i].kind == PRIM_SAVE)
			return fn->prims[i].saved;
	return fn->saved;
}

static uint64_t restore(struct ua_fn *fn, const struct ua_prim *p, uint64_t s)
{
	uint64_t r = gimple_call_num_args(p->stmt) ?
		     saved_for(fn, gimple_call_arg(p->stmt, 0), 0) : fn->saved;

	return r ? r : s;
}

/* The function's own primitive at @stmt: regions are phase 1's alone. */
static struct ua_prim *own_prim(struct ua_fn *fn, gimple *stmt)
{
	unsigned i;

	for (i = 0; i < fn->nprims; i++)
		if (fn->prims[i].stmt == stmt)
			return &fn->prims[i];
	return NULL;
}

/*
 * The state after @stmt.  Only the dataflow itself (@learn) records what
 * reaches a save; the queries read the state and change nothing.
 */
static uint64_t transfer_stmt(struct ua_fn *fn, gimple *stmt, uint64_t s,
			      bool learn)
{
	struct ua_prim *p = own_prim(fn, stmt);

	if (!p)
		return s;
	switch (p->kind) {
	case PRIM_OPEN:
	case PRIM_MASK:
		/* a masked begin of one call (powerpc 7.x) opens where it is */
		return p->token >= 0 ? RS_TOKEN(p->token) : s;
	case PRIM_BEGIN:
		/* a begin whose result no condition tests opens right here */
		return !p->ok_edge && p->token >= 0 ? RS_TOKEN(p->token) : s;
	case PRIM_END:
		return RS_CLOSED;
	case PRIM_SAVE:
		if (learn) {
			fn->save_grew |= (p->saved | s) != p->saved;
			p->saved |= s;
			fn->saved |= s;
		}
		return RS_CLOSED;
	case PRIM_RESTORE:
		return restore(fn, p, s);
	default:
		return s;
	}
}

static uint64_t transfer_bb(struct ua_fn *fn, basic_block bb, uint64_t s,
			    gimple *upto, bool learn)
{
	gimple_stmt_iterator gsi;

	for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
		if (gsi_stmt(gsi) == upto)
			break;
		s = transfer_stmt(fn, gsi_stmt(gsi), s, learn);
	}
	return s;
}

static uint64_t transfer_edge(struct ua_fn *fn, edge e, uint64_t s)
{
	unsigned i;

	for (i = 0; i < fn->nprims; i++)
		if (fn->prims[i].ok_edge == e && fn->prims[i].token >= 0 &&
		    fn->prims[i].kind == PRIM_BEGIN)
			return RS_TOKEN(fn->prims[i].token);
	return s;
}

static int by_place(const void *a, const void *b)
{
	const struct ua_prim *x = *(const struct ua_prim *const *)a;
	const struct ua_prim *y = *(const struct ua_prim *const *)b;
	int c = ua_compare_locations(x->loc, y->loc);

	return c ? c : (x < y ? -1 : x > y);
}

/* Tokens in source order, so that "the first begin" is the reader's. */
static void assign_tokens(struct ua_fn *fn)
{
	struct ua_prim **begins = XNEWVEC(struct ua_prim *, fn->nprims);
	unsigned i, n = 0;

	for (i = 0; i < fn->nprims; i++)
		if (ua_prim_opens(&fn->prims[i]))
			begins[n++] = &fn->prims[i];
	qsort(begins, n, sizeof(*begins), by_place);
	for (i = 0; i < n && fn->ntokens < RS_MAX_TOKENS; i++)
		begins[i]->token = fn->ntokens++;
	free(begins);
}

/*
 * What enters @bb for the way out @out: where feasible.c decided the
 * block, only what came through edges that may go on to @out.
 */
static uint64_t entering_for(struct ua_fn *fn, basic_block bb, edge out)
{
	uint64_t in = 0;
	edge e;
	edge_iterator ei;

	if (!fn->pred_in || !fn->pred_in[bb->index])
		return fn->bb_in[bb->index];
	FOR_EACH_EDGE(e, ei, bb->preds)
		if (!ua_infeasible(fn, e, out))
			in |= fn->pred_in[bb->index][e->dest_idx];
	return in;
}

static void alloc_pred_in(struct ua_fn *fn)
{
	basic_block bb;

	if (!fn->npairs)
		return;
	fn->nblocks = last_basic_block_for_fn(fn->fun);
	fn->pred_in = XCNEWVEC(uint64_t *, fn->nblocks);
	FOR_ALL_BB_FN(bb, fn->fun)
		if (ua_block_decided(fn, bb))
			fn->pred_in[bb->index] =
				XCNEWVEC(uint64_t, EDGE_COUNT(bb->preds));
}

static bool propagate(struct ua_fn *fn, edge e, uint64_t s)
{
	uint64_t *dst = &fn->bb_in[e->dest->index];
	bool changed = (*dst | s) != *dst;

	*dst |= s;
	if (fn->pred_in && fn->pred_in[e->dest->index]) {
		uint64_t *p = &fn->pred_in[e->dest->index][e->dest_idx];

		changed |= (*p | s) != *p;
		*p |= s;
	}
	return changed;
}

/* One fixed point, skipping the edges dead under assumption @a (correlate.c). */
static void dataflow_under(struct ua_fn *fn, unsigned a)
{
	function *fun = fn->fun;
	bool changed = true;
	basic_block bb;

	while (changed) {
		changed = false;
		FOR_ALL_BB_FN(bb, fun) {
			edge e;
			edge_iterator ei;

			if (!fn->bb_in[bb->index])
				continue;
			fn->save_grew = false;
			FOR_EACH_EDGE(e, ei, bb->succs) {
				uint64_t in, out;

				if (ua_dead_under(fn, a, e))
					continue;
				in = entering_for(fn, bb, e);
				out = in ? transfer_bb(fn, bb, in, NULL, true) : 0;
				if (out)
					changed |= propagate(fn, e, transfer_edge(fn, e, out));
			}
			changed |= fn->save_grew;
		}
	}
}

/* Add the states of one assumption to @acc and @pacc, and clear them. */
static void join_states(struct ua_fn *fn, uint64_t *acc, uint64_t **pacc)
{
	basic_block bb;
	unsigned j;

	FOR_ALL_BB_FN(bb, fn->fun) {
		acc[bb->index] |= fn->bb_in[bb->index];
		fn->bb_in[bb->index] = 0;
		if (!fn->pred_in || !fn->pred_in[bb->index])
			continue;
		for (j = 0; j < EDGE_COUNT(bb->preds); j++) {
			pacc[bb->index][j] |= fn->pred_in[bb->index][j];
			fn->pred_in[bb->index][j] = 0;
		}
	}
}

/*
 * Under each assumption of correlate.c on its own, then joined: every
 * execution agrees with one of them, so the union is what may hold.
 */
void ua_region_dataflow(struct ua_fn *fn)
{
	function *fun = fn->fun;
	unsigned n = last_basic_block_for_fn(fun), a;
	uint64_t *acc, **pacc = NULL;
	basic_block bb;

	assign_tokens(fn);
	fn->bb_in = XCNEWVEC(uint64_t, n);
	alloc_pred_in(fn);
	if (ua_assumptions(fn) == 1) {
		fn->bb_in[ENTRY_BLOCK_PTR_FOR_FN(fun)->index] = RS_ENTRY;
		dataflow_under(fn, 0);
		return;
	}
	acc = XCNEWVEC(uint64_t, n);
	if (fn->pred_in) {
		pacc = XCNEWVEC(uint64_t *, n);
		FOR_ALL_BB_FN(bb, fun)
			if (fn->pred_in[bb->index])
				pacc[bb->index] = XCNEWVEC(uint64_t, EDGE_COUNT(bb->preds));
	}
	for (a = 0; a < ua_assumptions(fn); a++) {
		fn->bb_in[ENTRY_BLOCK_PTR_FOR_FN(fun)->index] = RS_ENTRY;
		dataflow_under(fn, a);
		join_states(fn, acc, pacc);
	}
	free(fn->bb_in);
	fn->bb_in = acc;
	if (pacc) {
		FOR_ALL_BB_FN(bb, fun) {
			free(fn->pred_in[bb->index]);
			fn->pred_in[bb->index] = pacc[bb->index];
		}
		free(pacc);
	}
}

uint64_t ua_region_at(struct ua_fn *fn, gimple *stmt)
{
	basic_block bb = gimple_bb(stmt);

	if (!fn->bb_in)
		return RS_ENTRY;
	return transfer_bb(fn, bb, fn->bb_in[bb->index], stmt, false);
}

/*
 * The region state at each accessor asm, kept with it: the later phases
 * and the notes read it and run no transfer of their own for accesses.
 */
void ua_access_regions(struct ua_fn *fn)
{
	unsigned i, j;

	for (i = 0; i < fn->naccesses; i++)
		for (j = 0; j < fn->accesses[i].nasm; j++)
			fn->accesses[i].asms[j].region =
				ua_region_at(fn, fn->accesses[i].asms[j].stmt);
}

/* The state along @e: what leaves its source, and a begin's success. */
uint64_t ua_region_on_edge(struct ua_fn *fn, edge e)
{
	uint64_t in;

	if (!fn->bb_in)
		return RS_ENTRY;
	in = entering_for(fn, e->src, e);
	return in ? transfer_edge(fn, e, transfer_bb(fn, e->src, in, NULL, false)) : 0;
}

const struct ua_prim *ua_token_prim(struct ua_fn *fn, int token)
{
	unsigned i;

	for (i = 0; i < fn->nprims; i++)
		if (fn->prims[i].token == token && ua_prim_opens(&fn->prims[i]))
			return &fn->prims[i];
	return NULL;
}

/* The first begin whose token is in @s, for notes. */
const struct ua_prim *ua_region_opener(struct ua_fn *fn, uint64_t s)
{
	unsigned t;

	for (t = 0; t < fn->ntokens; t++)
		if (s & RS_TOKEN(t))
			return ua_token_prim(fn, t);
	return NULL;
}

