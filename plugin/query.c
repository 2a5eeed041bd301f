// SPDX-License-Identifier: GPL-2.0
/*
 * Phase 3, queries, over the unit: one coverage and one region verdict
 * per accessor as written, the findings of each function about its own
 * regions and, with facts=DIR, the check of each pointer passed to
 * another unit's function.
 *
 * An accessor may expand to several asm statements (unsafe_copy_to_user
 * is a loop per word size), and a pointer may have several roots (a PHI
 * of two pointers): every one is asked and the verdicts are merged, so
 * the worst stands for the accessor.
 */
#include "uaccess_check.h"
#include "verdict.h"

static void query_asm(struct ua_access *acc, const struct ua_asm *x)
{
	gimple *stmt = x->stmt;
	struct ua_refs refs;
	HOST_WIDE_INT size;
	unsigned i;

	/* a family member's 32-bit pointer needs no check (pointer.c) */
	if (acc->family && ua_from_32_bits(x->ptr)) {
		acc->proven_by = "u32";
		return;
	}
	if (acc->family && ua_family_checked_before(acc, x)) {
		acc->proven_by = "checked_before";
		return;
	}
	size = ua_asm_refs(x, &refs);
	if (refs.overflow)
		acc->cover->cls = MAX(acc->cover->cls, UA_UNPROVEN);
	for (i = 0; i < refs.n; i++) {
		struct ua_ref r = refs.ref[i];

		/* a word of a copy loop: the copy's bytes from where it starts */
		if (acc->copy_len >= 0 && r.lo_known) {
			r.off_known = true;
			r.lo_known = false;
			ua_cover_at(acc->fn, gimple_bb(stmt), stmt, &r,
				    acc->copy_len, 0, acc->cover);
			continue;
		}
		ua_cover_len_at(acc->fn, gimple_bb(stmt), stmt, &r, size,
				acc->len, 0, acc->cover);
	}
	if (!acc->family)
		ua_region_ok_at(acc->fn, stmt, acc->mode, 0, acc->region);
}

static void query_access(struct ua_access *acc)
{
	unsigned i;

	acc->cover = XNEW(struct ua_verdict);
	acc->region = XNEW(struct ua_verdict);
	ua_verdict_init(acc->cover);
	ua_verdict_init(acc->region);
	/* arm64's own family members check for themselves */
	if (acc->arm64_own) {
		acc->proven_by = "arm64";
		return;
	}
	for (i = 0; i < acc->nasm; i++)
		query_asm(acc, &acc->asms[i]);
	if (acc->family) {
		ua_family_levels(acc);
		ua_family_region(acc);
	}
}

/* Is this a call whose callee's requirements another unit may hold? */
static bool public_callee(tree callee)
{
	cgraph_node *node = cgraph_node::get(callee);

	if (!DECL_NAME(callee) || fndecl_built_in_p(callee) ||
	    ua_is_primitive_body(callee))
		return false;
	return TREE_PUBLIC(callee) || !node || !node->has_gimple_body_p();
}

static void query_call(struct ua_fn *fn, gimple *call)
{
	tree callee = gimple_call_fndecl(call);
	struct ua_call_facts cf;
	unsigned i;

	if (!callee || !public_callee(callee))
		return;
	memset(&cf, 0, sizeof(cf));
	cf.call = call;
	cf.callee = callee;
	cf.region = ua_region_word(fn, call);
	for (i = 0; i < gimple_call_num_args(call) &&
		    cf.nargs < UA_MAX_CALL_ARGS; i++) {
		tree arg = gimple_call_arg(call, i);
		struct ua_refs refs;
		struct ua_verdict *v;

		if (!POINTER_TYPE_P(TREE_TYPE(arg)))
			continue;
		ua_resolve(arg, &refs);
		if (refs.n != 1 || refs.overflow)
			continue;
		v = XNEW(struct ua_verdict);
		ua_verdict_init(v);
		ua_cover_at(fn, gimple_bb(call), call, &refs.ref[0], -1, 0, v);
		cf.index[cf.nargs] = i;
		cf.ref[cf.nargs] = refs.ref[0];
		cf.check[cf.nargs++] = v;
	}
	if (!cf.nargs)
		return;
	fn->calls = XRESIZEVEC(struct ua_call_facts, fn->calls, fn->ncalls + 1);
	fn->calls[fn->ncalls++] = cf;
}

static void query_calls(struct ua_fn *fn)
{
	basic_block bb;

	FOR_EACH_BB_FN(bb, fn->fun) {
		gimple_stmt_iterator gsi;

		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi))
			if (is_gimple_call(gsi_stmt(gsi)))
				query_call(fn, gsi_stmt(gsi));
	}
}

void ua_query_unit(void)
{
	unsigned i, j;

	for (i = 0; i < ua_unit_count(); i++) {
		struct ua_fn *fn = ua_unit_fn(i);

		ua_fn_enter(fn);
		ua_check_region_ends(fn);
		for (j = 0; j < fn->naccesses; j++)
			query_access(&fn->accesses[j]);
		if (ua_opts.facts_dir)
			query_calls(fn);
		ua_fn_leave();
	}
}

/* The verdicts the queries made, once the output has said them. */
void ua_query_release(void)
{
	unsigned i, j, k;

	for (i = 0; i < ua_unit_count(); i++) {
		struct ua_fn *fn = ua_unit_fn(i);

		for (j = 0; j < fn->naccesses; j++) {
			ua_verdict_free(fn->accesses[j].cover);
			ua_verdict_free(fn->accesses[j].region);
		}
		for (j = 0; j < fn->ncalls; j++)
			for (k = 0; k < fn->calls[j].nargs; k++)
				ua_verdict_free(fn->calls[j].check[k]);
	}
}
