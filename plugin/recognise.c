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
	ua_primitive_args(fndecl, &p->ptr_arg, &p->len_arg);
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

/*
 * arm64's family members check, or mask and use unprivileged loads and
 * stores: in code only arm64 builds they need nothing.  Generic code is
 * judged as x86 has them whatever the build.
 */
static bool arm64_code(struct ua_fn *fn)
{
	const char *file = DECL_SOURCE_FILE(fn->node->decl);

	return file && strstr(file, "arch/arm64/");
}

/* The access that one accessor as written (@key) expands to, made once. */
static struct ua_access *access_of(struct ua_fn *fn, gimple *stmt,
				   const struct ua_written *w, const void *key)
{
	struct ua_access *a;
	unsigned i;

	for (i = 0; i < fn->naccesses; i++)
		if (fn->accesses[i].key == key)
			return &fn->accesses[i];
	fn->accesses = XRESIZEVEC(struct ua_access, fn->accesses,
				  fn->naccesses + 1);
	a = &fn->accesses[fn->naccesses++];
	memset(a, 0, sizeof(*a));
	a->fn = fn;
	a->name = w->name;
	a->mode = w->mode;
	a->key = key;
	a->loc = ua_user_location(gimple_location(stmt));
	a->family = w->family;
	a->arm64_own = w->family && arm64_code(fn);
	return a;
}

static struct ua_asm *add_asm(struct ua_access *a, gimple *stmt)
{
	struct ua_asm *x;

	a->asms = XRESIZEVEC(struct ua_asm, a->asms, a->nasm + 1);
	x = &a->asms[a->nasm++];
	memset(x, 0, sizeof(*x));
	x->stmt = stmt;
	return x;
}

/*
 * An asm of an accessor.  A family member's expansion may hold other asm
 * (barriers): only those that touch memory through a pointer count.
 */
static void add_access_asm(struct ua_fn *fn, gimple *stmt,
			   const struct ua_written *w)
{
	struct ua_asm *x;
	HOST_WIDE_INT size;
	tree ptr, obj;

	if (w->family)
		size = ua_family_asm_size(stmt, &ptr, &obj);
	else
		size = ua_access_size(stmt, &ptr, &obj);
	if (w->family && !ptr && !obj)
		return;
	x = add_asm(access_of(fn, stmt, w, w->key), stmt);
	x->size = size;
	x->ptr = ptr;
	x->obj = obj;
}

static HOST_WIDE_INT pointee_bytes(tree ptr)
{
	tree t = TREE_TYPE(TREE_TYPE(ptr));

	if (VOID_TYPE_P(t) || !COMPLETE_TYPE_P(t) ||
	    !tree_fits_shwi_p(TYPE_SIZE_UNIT(t)))
		return -1;
	return tree_to_shwi(TYPE_SIZE_UNIT(t));
}

/*
 * A family member that is a function (__copy_from_user()): one call, its
 * pointer and length arguments; a length known only at run time is kept
 * as the tree, to be compared with the check's.
 */
static void add_family_call(struct ua_fn *fn, gimple *stmt,
			    struct ua_written *w)
{
	struct ua_access *a;
	struct ua_asm *x;
	tree len;

	if (w->ptr < 0 || (unsigned)w->ptr >= gimple_call_num_args(stmt))
		return;
	w->where = ua_user_location(gimple_location(stmt));
	a = access_of(fn, stmt, w, stmt);
	x = add_asm(a, stmt);
	x->ptr = gimple_call_arg(stmt, w->ptr);
	x->size = -1;
	if (!POINTER_TYPE_P(TREE_TYPE(x->ptr)))
		return;
	if (w->len_arg < 0) {
		x->size = pointee_bytes(x->ptr);
		return;
	}
	if ((unsigned)w->len_arg >= gimple_call_num_args(stmt))
		return;
	len = gimple_call_arg(stmt, w->len_arg);
	if (tree_fits_shwi_p(len))
		x->size = tree_to_shwi(len);
	else
		a->len = len;
}

static void scan_call(struct ua_fn *fn, gimple *stmt)
{
	tree fndecl = gimple_call_fndecl(stmt);
	enum ua_prim_kind kind;
	enum ua_mode mode;
	struct ua_written w;

	if (ua_family_call(fndecl, &w)) {
		if (!ua_in_checked(gimple_location(stmt)))
			add_family_call(fn, stmt, &w);
	}
	else if (ua_primitive_call(fndecl, &kind, &mode) &&
		 !ua_in_family(gimple_location(stmt)))
		add_prim(fn, stmt, kind, mode, fndecl);
}

static void scan_stmt(struct ua_fn *fn, gimple *stmt)
{
	struct ua_written w;

	if (is_gimple_call(stmt)) {
		scan_call(fn, stmt);
		return;
	}
	if (gimple_code(stmt) != GIMPLE_ASM ||
	    !ua_written_as(gimple_location(stmt), true, &w))
		return;
	if (w.family || ua_asm_has_user_operand(stmt))
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
	assign_tokens(fn);
}

