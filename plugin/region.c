// SPDX-License-Identifier: GPL-2.0
/*
 * Region state: a forward dataflow over one function's CFG.
 *
 * The state at a point is the set of what may hold there: the region as
 * the caller left it (RS_ENTRY), closed, or open by one of the function's
 * begins (one token each, so that a note can name the begin and its mode
 * decides what the region allows).  A checking begin opens only on its
 * success edge; an unchecked begin (stac) opens where it stands; an end
 * closes; user_access_save() closes and user_access_restore() brings back
 * whatever reached a save.  Sets only grow, so the iteration terminates.
 *
 * The same walk finds the ends that do not close what is open and the
 * returns that leave a region this function opened.
 */
#include "uaccess_check.h"
#include "verdict.h"

static struct ua_prim *prim_of(struct ua_fn *fn, gimple *stmt)
{
	unsigned i;

	for (i = 0; i < fn->nprims; i++)
		if (fn->prims[i].stmt == stmt)
			return &fn->prims[i];
	return NULL;
}

static uint64_t transfer_stmt(struct ua_fn *fn, gimple *stmt, uint64_t s)
{
	struct ua_prim *p = prim_of(fn, stmt);

	if (!p)
		return s;
	switch (p->kind) {
	case PRIM_STAC:
		return p->token >= 0 ? RS_TOKEN(p->token) : s;
	case PRIM_BEGIN:
		/* a begin whose result no condition tests opens right here */
		return !p->ok_edge && p->token >= 0 ? RS_TOKEN(p->token) : s;
	case PRIM_CLAC:
		return RS_CLOSED;
	case PRIM_SAVE:
		fn->saved |= s;
		return RS_CLOSED;
	case PRIM_RESTORE:
		return fn->saved ? fn->saved : s;
	default:
		return s;
	}
}

static uint64_t transfer_bb(struct ua_fn *fn, basic_block bb, uint64_t s,
			    gimple *upto)
{
	gimple_stmt_iterator gsi;

	for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
		if (gsi_stmt(gsi) == upto)
			break;
		s = transfer_stmt(fn, gsi_stmt(gsi), s);
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

static void assign_tokens(struct ua_fn *fn)
{
	unsigned i;

	for (i = 0; i < fn->nprims; i++) {
		struct ua_prim *p = &fn->prims[i];

		if (p->kind != PRIM_BEGIN && p->kind != PRIM_STAC)
			continue;
		if (fn->ntokens < RS_MAX_TOKENS)
			p->token = fn->ntokens++;
	}
}

void ua_region_dataflow(struct ua_fn *fn)
{
	function *fun = fn->fun;
	bool changed = true;
	basic_block bb;

	assign_tokens(fn);
	fn->bb_in = XCNEWVEC(uint64_t, last_basic_block_for_fn(fun));
	fn->bb_in[ENTRY_BLOCK_PTR_FOR_FN(fun)->index] = RS_ENTRY;
	while (changed) {
		changed = false;
		FOR_ALL_BB_FN(bb, fun) {
			uint64_t in = fn->bb_in[bb->index], out;
			uint64_t saved = fn->saved;
			edge e;
			edge_iterator ei;

			if (!in)
				continue;
			out = transfer_bb(fn, bb, in, NULL);
			changed |= saved != fn->saved;
			FOR_EACH_EDGE(e, ei, bb->succs) {
				uint64_t s = transfer_edge(fn, e, out);
				uint64_t *dst = &fn->bb_in[e->dest->index];

				if ((*dst | s) != *dst) {
					*dst |= s;
					changed = true;
				}
			}
		}
	}
}

uint64_t ua_region_at(struct ua_fn *fn, gimple *stmt)
{
	basic_block bb = gimple_bb(stmt);

	if (!fn->bb_in)
		return RS_ENTRY;
	return transfer_bb(fn, bb, fn->bb_in[bb->index], stmt);
}

static struct ua_prim *token_prim(struct ua_fn *fn, int token)
{
	unsigned i;

	for (i = 0; i < fn->nprims; i++)
		if (fn->prims[i].token == token &&
		    (fn->prims[i].kind == PRIM_BEGIN ||
		     fn->prims[i].kind == PRIM_STAC))
			return &fn->prims[i];
	return NULL;
}

/* The first begin whose token is in @s, for notes. */
struct ua_prim *ua_region_opener(struct ua_fn *fn, uint64_t s)
{
	unsigned t;

	for (t = 0; t < fn->ntokens; t++)
		if (s & RS_TOKEN(t))
			return token_prim(fn, t);
	return NULL;
}

static bool end_mismatch(enum ua_mode begin, enum ua_mode end)
{
	return (begin == UA_MODE_READ && end == UA_MODE_WRITE) ||
	       (begin == UA_MODE_WRITE && end == UA_MODE_READ);
}

static void check_end(struct ua_fn *fn, struct ua_prim *end, uint64_t s)
{
	unsigned t;

	for (t = 0; t < fn->ntokens; t++) {
		struct ua_prim *b = token_prim(fn, t);
		struct ua_diag *d;

		if (!(s & RS_TOKEN(t)) || !b || !end_mismatch(b->mode, end->mode))
			continue;
		d = ua_report(end->loc, UA_REGION, fn->node->decl,
			      "%s() does not close the region opened by %s()",
			      end->name, b->name);
		ua_note(d, b->loc, "region opened here");
		return;
	}
}

/* Where the programmer wrote the return that the edge @e leads from. */
static location_t return_location(edge e, gimple *ret)
{
	gimple_stmt_iterator gsi;

	for (gsi = gsi_last_bb(e->src); !gsi_end_p(gsi); gsi_prev(&gsi)) {
		location_t loc = gimple_location(gsi_stmt(gsi));

		if (loc != UNKNOWN_LOCATION && !is_gimple_debug(gsi_stmt(gsi)))
			return loc;
	}
	return gimple_location(ret);
}

static void report_open_return(struct ua_fn *fn, location_t loc, uint64_t s)
{
	struct ua_prim *b = ua_region_opener(fn, s);
	struct ua_diag *d;

	loc = ua_keyword_before(ua_user_location(loc), "return");
	d = ua_report(loc, UA_REGION, fn->node->decl,
		      "returns with the user-access region still open");
	if (b)
		ua_note(d, b->loc, "region opened here");
}

static void check_return(struct ua_fn *fn, gimple *ret, uint64_t s)
{
	basic_block bb = gimple_bb(ret);
	edge e;
	edge_iterator ei;

	if (!(s & RS_OPEN_MASK))
		return;
	/* returns are merged into one block; name each path's own return */
	if (gimple_location(ret) != UNKNOWN_LOCATION ||
	    single_pred_p(bb) || gsi_stmt(gsi_start_bb(bb)) != ret) {
		report_open_return(fn, gimple_location(ret), s);
		return;
	}
	FOR_EACH_EDGE(e, ei, bb->preds) {
		uint64_t out = transfer_bb(fn, e->src, fn->bb_in[e->src->index],
					   NULL);

		out = transfer_edge(fn, e, out);
		if (out & RS_OPEN_MASK)
			report_open_return(fn, return_location(e, ret), out);
	}
}

void ua_check_region_ends(struct ua_fn *fn)
{
	basic_block bb;

	if (!fn->ntokens)
		return;
	FOR_EACH_BB_FN(bb, fn->fun) {
		gimple_stmt_iterator gsi;
		uint64_t s = fn->bb_in[bb->index];

		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);
			struct ua_prim *p = prim_of(fn, stmt);

			if (p && p->kind == PRIM_CLAC)
				check_end(fn, p, s);
			if (gimple_code(stmt) == GIMPLE_RETURN)
				check_return(fn, stmt, s);
			s = transfer_stmt(fn, stmt, s);
		}
	}
}

/* Does the region at @stmt allow what @acc does on every path? */
void ua_region_ok_at(struct ua_fn *fn, gimple *stmt, struct ua_access *acc,
		     int depth, struct ua_region *out)
{
	uint64_t s = ua_region_at(fn, stmt);
	unsigned t;

	memset(out, 0, sizeof(*out));
	if (!s)
		return;		/* unreachable */
	/*
	 * A function that opens regions itself does not also run inside
	 * its caller's: the way in that skipped its begin is a bug too.
	 * A system call is entered from user space with no region open.
	 */
	if ((s & RS_CLOSED) ||
	    ((s & RS_ENTRY) && (fn->ntokens || ua_is_syscall(fn)))) {
		out->cls = UA_REGION;
		return;
	}
	for (t = 0; t < fn->ntokens; t++) {
		struct ua_prim *b = token_prim(fn, t);

		if ((s & RS_TOKEN(t)) && b && (acc->mode & ~b->mode)) {
			out->cls = UA_MODE;
			out->opener = b;
			return;
		}
	}
	out->opener = ua_region_opener(fn, s);
	out->opener_fn = out->opener ? fn : NULL;
	if (s & RS_ENTRY)
		ua_region_via_callers(fn, acc, depth, out);
}
