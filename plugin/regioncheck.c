// SPDX-License-Identifier: GPL-2.0
/*
 * Phase 3, queries: regions.  Does the region state at an access allow
 * it on every path, and does every function leave its regions the way it
 * should?
 *
 * An access needs every state that may hold before it to be open, by a
 * begin whose mode allows what it does.  "As the caller left it" moves the
 * question to the callers (callchain.c), except in a function that opens
 * regions itself (the way in that skipped its begin is a bug too) or in a
 * system call body (entered from user space with no region open).
 * Per function, an end that does not close what is open and a return
 * that leaves a region this function opened are findings of their own.
 */
#include "uaccess_check.h"
#include "verdict.h"

static void region_finding(struct ua_fn *fn, enum ua_class cls,
			   const struct ua_prim *begin, struct ua_verdict *out)
{
	struct ua_finding f;

	memset(&f, 0, sizeof(f));
	f.cls = cls;
	f.fn = fn;
	f.prim = begin;
	ua_verdict_add_finding(out, &f);
}

static void ask_region(struct ua_fn *caller, gimple *call, struct ua_fn *callee,
		       const void *question, int depth, struct ua_verdict *out)
{
	(void)callee;
	ua_region_ok_at(caller, call, *(const enum ua_mode *)question, depth,
			out);
}

/* Does the region at @stmt allow an access of @mode on every path? */
void ua_region_ok_at(struct ua_fn *fn, gimple *stmt, enum ua_mode mode,
		     int depth, struct ua_verdict *out)
{
	uint64_t s = ua_region_at(fn, stmt);
	unsigned t;

	if (!s || ua_on_kernel_path(fn, stmt))
		return;		/* unreachable, or no user memory */
	if ((s & RS_CLOSED) ||
	    ((s & RS_ENTRY) && (fn->ntokens || ua_is_syscall(fn)))) {
		region_finding(fn, UA_REGION, NULL, out);
		return;
	}
	for (t = 0; t < fn->ntokens; t++) {
		const struct ua_prim *b = ua_token_prim(fn, t);
		struct ua_proof p;

		if (!(s & RS_TOKEN(t)) || !b)
			continue;
		if (mode & ~b->mode)
			region_finding(fn, UA_MODE, b, out);
		memset(&p, 0, sizeof(p));
		p.cls = UA_PROVEN;
		p.prim = b;
		p.prim_fn = fn;
		ua_verdict_add_proof(out, &p);
	}
	if (s & RS_ENTRY)
		ua_ask_callers(fn, NULL, depth, ask_region, &mode, out);
}

/* The region at a call, as the facts say it: open, closed, caller. */
const char *ua_region_word(struct ua_fn *fn, gimple *call)
{
	uint64_t s = ua_region_at(fn, call);

	if ((s & RS_CLOSED) ||
	    ((s & RS_ENTRY) && (fn->ntokens || ua_is_syscall(fn))))
		return "closed";
	return s & RS_ENTRY ? "caller" : "open";
}

static void add_fn_finding(struct ua_fn *fn, location_t loc,
			   const struct ua_prim *end, const struct ua_prim *begin)
{
	struct ua_fn_finding *f;

	fn->findings = XRESIZEVEC(struct ua_fn_finding, fn->findings,
				  fn->nfindings + 1);
	f = &fn->findings[fn->nfindings++];
	memset(f, 0, sizeof(*f));
	f->loc = loc;
	f->end = end;
	f->begin = begin;
}

/*
 * Does @fn, or a function it calls in this unit, hold an accessor?  The
 * answer is kept per function; inside a call cycle a function on the walk
 * counts as holding none.
 */
static bool reaches_access(struct ua_fn *fn)
{
	basic_block bb;
	bool found = fn->naccesses > 0;

	if (fn->reach)
		return fn->reach == UA_REACH_YES;
	if (fn->busy)
		return false;
	fn->busy = true;
	FOR_EACH_BB_FN(bb, fn->fun) {
		gimple_stmt_iterator gsi;

		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi) && !found;
		     gsi_next(&gsi)) {
			struct ua_fn *callee = is_gimple_call(gsi_stmt(gsi)) ?
				ua_fn_of_call(gsi_stmt(gsi)) : NULL;

			found = callee && reaches_access(callee);
		}
	}
	fn->busy = false;
	fn->reach = found ? UA_REACH_YES : UA_REACH_NO;
	return found;
}

/* The code a region holds: what the plugin sees, and what it does not. */
struct region_content {
	bool seen;		/* an accessor, or a call that reaches one */
	tree callee;		/* first other function called, by place */
	location_t callee_loc;
};

static void region_stmt(struct ua_fn *fn, gimple *stmt,
			struct region_content *rc)
{
	struct ua_fn *callee;
	tree fndecl;
	location_t loc = gimple_location(stmt);

	if (!is_gimple_call(stmt) || ua_prim_of(fn, stmt))
		return;
	callee = ua_fn_of_call(stmt);
	if (callee && reaches_access(callee)) {
		rc->seen = true;
		return;
	}
	fndecl = gimple_call_fndecl(stmt);
	if (!fndecl || ua_stores_nothing(stmt) || fndecl_built_in_p(fndecl))
		return;
	if (!rc->callee || ua_compare_locations(loc, rc->callee_loc) < 0) {
		rc->callee = fndecl;
		rc->callee_loc = loc;
	}
}

static bool block_has_prim(struct ua_fn *fn, basic_block bb)
{
	unsigned i;

	for (i = 0; i < ua_nprims(fn); i++)
		if (gimple_bb(ua_prim_at(fn, i)->stmt) == bb)
			return true;
	return false;
}

/*
 * A begin no programmer wrote: spelled in the body of a macro of
 * <asm/uaccess*.h> with no begin a programmer writes around it (arm64's
 * __get_user() and raw_copy_from_user() open TTBR0 around their own
 * access, like the copy routines below).  x86's user_access_begin() is
 * spelled there too, as a macro of itself, and is a programmer's.
 */
static bool arch_internal_begin(const struct ua_prim *p)
{
	location_t loc = linemap_resolve_location(line_table,
						  gimple_location(p->stmt),
						  LRK_SPELLING_LOCATION, NULL);
	const char *file = LOCATION_FILE(loc);

	return file && strstr(file, "/asm/uaccess") && !ua_prim_written(p);
}

/*
 * A region opened by @t that holds no accessor the plugin can see (the
 * copy is inline asm, or an asm routine such as copy_mc_fragile()): its
 * accesses are not checked at all, which level 2 says.
 */
static void check_blind(struct ua_fn *fn, unsigned t)
{
	struct region_content rc;
	basic_block bb;
	unsigned i;

	/*
	 * The raw copy routines of <asm/uaccess*.h> (copy_user_generic())
	 * are how copy_to_user() and friends copy, after their own check:
	 * part of the checked family, like the primitives' bodies.
	 */
	if (strstr(DECL_SOURCE_FILE(fn->node->decl), "/asm/uaccess") ||
	    arch_internal_begin(ua_token_prim(fn, t)))
		return;
	memset(&rc, 0, sizeof(rc));
	for (i = 0; i < fn->naccesses; i++)
		if (fn->accesses[i].asms[0].region & RS_TOKEN(t))
			return;
	FOR_EACH_BB_FN(bb, fn->fun) {
		gimple_stmt_iterator gsi;
		uint64_t s = fn->bb_in[bb->index];

		if (!(s & RS_TOKEN(t)) && !block_has_prim(fn, bb))
			continue;
		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi))
			if (ua_region_at(fn, gsi_stmt(gsi)) & RS_TOKEN(t))
				region_stmt(fn, gsi_stmt(gsi), &rc);
	}
	if (rc.seen)
		return;
	add_fn_finding(fn, ua_token_prim(fn, t)->loc, NULL, ua_token_prim(fn, t));
	fn->findings[fn->nfindings - 1].blind = true;
	fn->findings[fn->nfindings - 1].callee = rc.callee;
}

/*
 * Does @end leave a direction of @begin's region open (powerpc's ends)?
 * An unchecked or masked begin of both directions (__uaccess_begin(),
 * 6.12's masked_user_access_begin()) names none: it pairs with the end of
 * whichever checking begin it stands in for.
 */
static bool end_mismatch(const struct ua_prim *begin, const struct ua_prim *end)
{
	if (begin->kind == PRIM_OPEN && begin->mode == UA_MODE_RW)
		return false;
	return (begin->mode & ~end->mode) != 0;
}

/*
 * A 7.x scope's cleanup ends its region on every exit: an end written
 * inside the scope ends it early, and the cleanup ends it again.
 */
static bool ends_a_scope(const struct ua_prim *begin, const struct ua_prim *end)
{
	return ua_prim_is_scope(begin) && !ua_prim_is_scope(end);
}

static void check_end(struct ua_fn *fn, const struct ua_prim *end, uint64_t s)
{
	unsigned t;

	for (t = 0; t < fn->ntokens; t++) {
		const struct ua_prim *b = ua_token_prim(fn, t);

		if ((s & RS_TOKEN(t)) && b &&
		    (end_mismatch(b, end) || ends_a_scope(b, end))) {
			add_fn_finding(fn, end->loc, end, b);
			return;
		}
	}
}

/*
 * A begin where a region of this function is already open: the kernel
 * does not nest regions (objtool: "recursive UACCESS enable"), and the
 * inner end closes the outer region too.
 */
static void check_nested(struct ua_fn *fn, const struct ua_prim *begin, uint64_t s)
{
	const struct ua_prim *outer = ua_region_opener(fn, s & RS_OPEN_MASK);

	if (!outer || outer == begin)
		return;
	add_fn_finding(fn, begin->loc, NULL, outer);
	fn->findings[fn->nfindings - 1].inner = begin;
}

/* Where the programmer wrote the return that the edge @e leads from. */
static location_t return_location(edge e, gimple *ret)
{
	gimple_stmt_iterator gsi;

	for (gsi = gsi_last_bb(e->src); !gsi_end_p(gsi); gsi_prev(&gsi)) {
		gimple *s = gsi_stmt(gsi);
		location_t loc = gimple_location(s);

		if (loc != UNKNOWN_LOCATION && !is_gimple_debug(s) &&
		    !gimple_clobber_p(s))
			return loc;
	}
	return gimple_location(ret);
}

static void open_return(struct ua_fn *fn, location_t loc, uint64_t s)
{
	if (loc != UNKNOWN_LOCATION)
		loc = ua_keyword_before(ua_user_location(loc), "return");
	add_fn_finding(fn, loc, NULL, ua_region_opener(fn, s));
}

/* The last located statement before @ret in its block ("_1 = ret;"). */
static location_t located_before(gimple *ret)
{
	gimple_stmt_iterator gsi = gsi_for_stmt(ret);

	for (gsi_prev(&gsi); !gsi_end_p(gsi); gsi_prev(&gsi)) {
		gimple *s = gsi_stmt(gsi);

		if (gimple_location(s) != UNKNOWN_LOCATION &&
		    !is_gimple_debug(s) && !gimple_clobber_p(s))
			return gimple_location(s);
	}
	return UNKNOWN_LOCATION;
}

static void check_return(struct ua_fn *fn, gimple *ret, uint64_t s)
{
	basic_block bb = gimple_bb(ret);
	location_t loc = gimple_location(ret);
	edge e;
	edge_iterator ei;

	if (!(s & RS_OPEN_MASK))
		return;
	if (loc == UNKNOWN_LOCATION)
		loc = located_before(ret);
	if (loc == UNKNOWN_LOCATION && single_pred_p(bb))
		loc = return_location(single_pred_edge(bb), ret);
	/*
	 * Returns are merged into one block, whose return has no location
	 * (also when clobbers of the locals precede it): name each path's
	 * own return.
	 */
	if (loc != UNKNOWN_LOCATION) {
		open_return(fn, loc, s);
		return;
	}
	FOR_EACH_EDGE(e, ei, bb->preds) {
		uint64_t out = ua_region_on_edge(fn, e);

		if (out & RS_OPEN_MASK)
			open_return(fn, return_location(e, ret), out);
	}
}

/* Wrong ends, open returns and blind regions of @fn. */
void ua_check_region_ends(struct ua_fn *fn)
{
	basic_block bb;
	unsigned t;

	if (!fn->ntokens)
		return;
	for (t = 0; t < fn->ntokens; t++)
		check_blind(fn, t);
	FOR_EACH_BB_FN(bb, fn->fun) {
		gimple_stmt_iterator gsi;

		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);
			const struct ua_prim *p = ua_prim_of(fn, stmt);

			if (p && p->kind == PRIM_END)
				check_end(fn, p, ua_region_at(fn, stmt));
			if (p && ua_prim_opens(p))
				check_nested(fn, p, ua_region_at(fn, stmt));
			if (gimple_code(stmt) == GIMPLE_RETURN)
				check_return(fn, stmt, ua_region_at(fn, stmt));
		}
	}
}
