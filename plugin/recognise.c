// SPDX-License-Identifier: GPL-2.0
/*
 * Phase 1, local analysis: the primitive calls and the accessors of a
 * function body, as primitives.c says what each statement is.
 *
 * An accessor as written is one group: every asm statement its macro
 * call expanded to (unsafe_copy_to_user() is a loop per word size).  Each
 * asm's pointer or object and the bytes it touches are read from its
 * operands here, once, and kept with it; a constant length of a copy is
 * kept with the group.  The later phases read them and decode nothing.
 */
#include "uaccess_check.h"

/* What every primitive records of its call, whoever finds it. */
void ua_init_prim(struct ua_prim *p, gimple *stmt, enum ua_prim_kind kind,
		  enum ua_mode mode, tree fndecl)
{
	memset(p, 0, sizeof(*p));
	p->stmt = stmt;
	p->kind = kind;
	p->mode = mode;
	p->name = IDENTIFIER_POINTER(DECL_NAME(fndecl));
	p->loc = ua_user_location(gimple_location(stmt));
	p->token = -1;
}

static void add_prim(struct ua_fn *fn, gimple *stmt, enum ua_prim_kind kind,
		     enum ua_mode mode, tree fndecl)
{
	struct ua_written w;
	struct ua_prim *p;

	fn->prims = XRESIZEVEC(struct ua_prim, fn->prims, fn->nprims + 1);
	p = &fn->prims[fn->nprims++];
	ua_init_prim(p, stmt, kind, mode, fndecl);
	p->opens = kind == PRIM_MASK && ua_masked_begin_call(fndecl);
	if (!ua_written_as(gimple_location(stmt), false, &w))
		return;
	p->name = w.name;
	p->masked = w.masked;
	p->loc = w.where;
	/* stac() inside a masked begin opens a region of the masked mode */
	if (w.mode != UA_MODE_NONE && p->kind != PRIM_ACCESS_OK)
		p->mode = w.mode;
}

static void add_access_asm(struct ua_fn *fn, gimple *stmt,
			   const struct ua_written *w)
{
	struct ua_access *a = NULL;
	struct ua_asm *x;
	unsigned i;

	for (i = 0; i < fn->naccesses; i++)
		if (fn->accesses[i].key == w->key)
			a = &fn->accesses[i];
	if (!a) {
		fn->accesses = XRESIZEVEC(struct ua_access, fn->accesses,
					  fn->naccesses + 1);
		a = &fn->accesses[fn->naccesses++];
		memset(a, 0, sizeof(*a));
		a->fn = fn;
		a->name = w->name;
		a->mode = w->mode;
		a->key = w->key;
		a->loc = ua_user_location(gimple_location(stmt));
	}
	a->asms = XRESIZEVEC(struct ua_asm, a->asms, a->nasm + 1);
	x = &a->asms[a->nasm++];
	x->stmt = stmt;
	x->size = ua_access_size(stmt, &x->ptr, &x->obj);
}

static void scan_stmt(struct ua_fn *fn, gimple *stmt)
{
	struct ua_written w;

	if (is_gimple_call(stmt)) {
		tree fndecl = gimple_call_fndecl(stmt);
		enum ua_prim_kind kind;
		enum ua_mode mode;

		if (ua_primitive_call(fndecl, &kind, &mode))
			add_prim(fn, stmt, kind, mode, fndecl);
		return;
	}
	if (gimple_code(stmt) != GIMPLE_ASM || !ua_asm_has_user_operand(stmt))
		return;
	if (ua_written_as(gimple_location(stmt), true, &w))
		add_access_asm(fn, stmt, &w);
}

/* A size_t (or unsigned long) variable set to a constant? */
static tree constant_length(gimple *stmt)
{
	tree lhs, rhs, type;

	if (!gimple_assign_single_p(stmt))
		return NULL_TREE;
	lhs = gimple_assign_lhs(stmt);
	rhs = gimple_assign_rhs1(stmt);
	type = TREE_TYPE(lhs);
	if (TREE_CODE(lhs) != SSA_NAME || !SSA_NAME_VAR(lhs) ||
	    TREE_CODE(rhs) != INTEGER_CST || !tree_fits_shwi_p(rhs) ||
	    !INTEGRAL_TYPE_P(type) || !TYPE_UNSIGNED(type) ||
	    TYPE_PRECISION(type) != TYPE_PRECISION(size_type_node))
		return NULL_TREE;
	return rhs;
}

/*
 * The length of an unsafe_copy_*() whose length is a constant: the one
 * size_t variable its expansion sets to a constant (x86's __ucu_len,
 * powerpc's _len).  Its word loops then write [dst, dst + len).
 */
static void find_copy_lengths(struct ua_fn *fn)
{
	basic_block bb;

	FOR_EACH_BB_FN(bb, fn->fun) {
		gimple_stmt_iterator gsi;

		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);
			tree len = constant_length(stmt);
			struct ua_written w;
			unsigned i;

			if (!len || !ua_written_as(gimple_location(stmt), true, &w) ||
			    !w.takes_length)
				continue;
			for (i = 0; i < fn->naccesses; i++) {
				struct ua_access *a = &fn->accesses[i];

				if (a->key != w.key)
					continue;
				a->copy_len = a->copy_len == -1 ? tree_to_shwi(len) : -2;
			}
		}
	}
}

void ua_find_primitives(struct ua_fn *fn)
{
	basic_block bb;
	unsigned i;

	FOR_EACH_BB_FN(bb, fn->fun) {
		gimple_stmt_iterator gsi;

		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi))
			scan_stmt(fn, gsi_stmt(gsi));
	}
	for (i = 0; i < fn->naccesses; i++)
		fn->accesses[i].copy_len = -1;
	find_copy_lengths(fn);
	for (i = 0; i < fn->naccesses; i++)
		if (fn->accesses[i].copy_len < 0)
			fn->accesses[i].copy_len = -1;
}

