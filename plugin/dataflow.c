// SPDX-License-Identifier: GPL-2.0
/*
 * Phase 2, summaries: region state, a forward dataflow over one
 * function's CFG, callees first.
 *
 * The state at a point is the set of what may hold there: the region as
 * the caller left it (RS_ENTRY), closed, or open by one of the function's
 * begins (one token each, so that a note can name the begin and its mode
 * decides what the region allows).  A checking begin opens only on its
 * success edge; an unchecked begin (x86's stac()) opens where it stands; an
 * end closes; user_access_save() closes and user_access_restore() brings
 * back whatever reached the save its flags came from.  A call of a helper
 * that ends its caller's region on every path (its summary, made when
 * its own dataflow was done) closes too; one that ends it on some paths
 * adds "closed", as the end under its condition would if it were written
 * in the caller.  Sets only grow, so the iteration terminates.
 *
 * It is a summary phase because of that last rule: a function's states
 * read its callees' region summaries, so the table's postorder (unit.c)
 * runs callees first.  A callee in the same call cycle is not summarised
 * yet and changes nothing, as every call did before there were summaries.
 * The states at each accessor asm are kept with it for the queries.
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
			return fn->saves[i];
	return fn->saved;
}

static uint64_t restore(struct ua_fn *fn, const struct ua_prim *p, uint64_t s)
{
	uint64_t r = gimple_call_num_args(p->stmt) ?
		     saved_for(fn, gimple_call_arg(p->stmt, 0), 0) : fn->saved;

	return r ? r : s;
}

/* The function's own primitive at @stmt, and its index. */
static const struct ua_prim *own_prim(struct ua_fn *fn, gimple *stmt,
				      unsigned *index)
{
	unsigned i;

	for (i = 0; i < fn->nprims; i++)
		if (fn->prims[i].stmt == stmt) {
			*index = i;
			return &fn->prims[i];
		}
	return NULL;
}

/*
 * The state after a call of a helper that may end its caller's region:
 * closed where it ends it on every path, else closed or as it was, as an
 * end written under the helper's condition would leave it.
 */
static uint64_t after_call(struct ua_fn *fn, gimple *stmt, uint64_t s)
{
	unsigned i;

	for (i = 0; i < fn->nending_calls; i++)
		if (fn->ending_calls[i] == stmt)
			return ua_fn_of_call(stmt)->sum.ends_region ?
			       RS_CLOSED : s | RS_CLOSED;
	return s;
}

/*
 * The state after @stmt.  Only the dataflow itself (@learn) records what
 * reaches a save; the queries read the state and change nothing.
 */
static uint64_t transfer_stmt(struct ua_fn *fn, gimple *stmt, uint64_t s,
			      bool learn)
{
	unsigned i;
	const struct ua_prim *p = own_prim(fn, stmt, &i);

	if (!p)
		return after_call(fn, stmt, s);
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
			fn->save_grew |= (fn->saves[i] | s) != fn->saves[i];
			fn->saves[i] |= s;
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

/* A checking begin's success edge, or a begin helper's, opens its region. */
static uint64_t transfer_edge(struct ua_fn *fn, edge e, uint64_t s)
{
	unsigned i;

	for (i = 0; i < ua_nprims(fn); i++) {
		const struct ua_prim *p = ua_prim_at(fn, i);

		if (p->ok_edge == e && p->token >= 0 &&
		    (p->kind == PRIM_BEGIN || (p->kind == PRIM_HELPER && p->opens)))
			return RS_TOKEN(p->token);
	}
	return s;
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

/* The calls of helpers that end their caller's region, as they are now. */
static void find_ending_calls(struct ua_fn *fn)
{
	auto_vec<gimple *> calls;
	basic_block bb;

	FOR_EACH_BB_FN(bb, fn->fun) {
		gimple_stmt_iterator gsi;

		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);
			struct ua_fn *callee = is_gimple_call(stmt) ?
					       ua_fn_of_call(stmt) : NULL;

			if (callee && (callee->sum.ends_region ||
				       callee->sum.may_end_region))
				calls.safe_push(stmt);
		}
	}
	fn->nending_calls = calls.length();
	fn->ending_calls = XNEWVEC(gimple *, calls.length() + 1);
	memcpy(fn->ending_calls, calls.address(),
	       calls.length() * sizeof(gimple *));
}

/*
 * Under each assumption of correlate.c on its own, then joined: every
 * execution agrees with one of them, so the union is what may hold.
 */
static void region_dataflow(struct ua_fn *fn)
{
	function *fun = fn->fun;
	unsigned n = last_basic_block_for_fn(fun), a;
	uint64_t *acc, **pacc = NULL;
	basic_block bb;

	fn->bb_in = XCNEWVEC(uint64_t, n);
	fn->saves = XCNEWVEC(uint64_t, fn->nprims + 1);
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

	for (i = 0; i < ua_nprims(fn); i++)
		if (ua_prim_at(fn, i)->token == token &&
		    ua_prim_opens(ua_prim_at(fn, i)))
			return ua_prim_at(fn, i);
	return NULL;
}

/* The first begin whose token is in @s, for notes. */
const struct ua_prim *ua_region_opener(struct ua_fn *fn, uint64_t s)
{
	unsigned t;

	for (t = 0; t < ua_ntokens(fn); t++)
		if (s & RS_TOKEN(t))
			return ua_token_prim(fn, t);
	return NULL;
}

/*
 * The region state at each accessor asm, kept with it: the queries and
 * the notes read it and run no transfer of their own for accesses.
 */
static void access_regions(struct ua_fn *fn)
{
	unsigned i, j;

	for (i = 0; i < fn->naccesses; i++)
		for (j = 0; j < fn->accesses[i].nasm; j++)
			fn->accesses[i].asms[j].region =
				ua_region_at(fn, fn->accesses[i].asms[j].stmt);
}

/*
 * Does a way out of @fn leave its caller's region ended, with no region
 * of its own open (static void done(void) { user_access_end(); })?  On
 * every way out, or on some.
 */
static void summarise_ends(struct ua_fn *fn)
{
	edge e;
	edge_iterator ei;
	uint64_t exits = 0;

	FOR_EACH_EDGE(e, ei, EXIT_BLOCK_PTR_FOR_FN(fn->fun)->preds)
		exits |= ua_region_on_edge(fn, e);
	fn->sum.ends_region = exits == RS_CLOSED;
	fn->sum.may_end_region = (exits & RS_CLOSED) && !fn->sum.ends_region;
}

void ua_region_unit(void)
{
	unsigned i;

	for (i = 0; i < ua_unit_count(); i++) {
		struct ua_fn *fn = ua_unit_fn(i);

		find_ending_calls(fn);
		if (fn->nprims || fn->nending_calls) {
			region_dataflow(fn);
			summarise_ends(fn);
		}
		access_regions(fn);
	}
}
