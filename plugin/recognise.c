// SPDX-License-Identifier: GPL-2.0
/*
 * Phase 1, local analysis: recognising the user-access primitives and the
 * accessors in a function body.
 *
 * Before inlining, the region primitives are still calls to small inline
 * functions (user_access_begin, __access_ok, mask_user_address, stac,
 * clac, smap_save, smap_restore).  Their mode and the name the programmer
 * wrote (user_read_access_begin or user_write_access_end) only survive in
 * the macro expansion chain of the call's location, so that chain is what
 * names them.  The accessors themselves are inline asm; the asm text is
 * shared with copy_to_kernel_nofault() and varies between versions, so an
 * asm is an accessor only when an unsafe_* macro is on its chain.
 */
#include "uaccess_check.h"

/* What each kind of primitive does, for every phase. */
const struct ua_prim_props ua_prim_props[PRIM_NKINDS] = {
	[PRIM_ACCESS_OK] = { .checks = true, .tested = true },
	[PRIM_BEGIN] = { .checks = true, .tested = true, .opens = true },
	[PRIM_MASK] = { .checks = true },
	[PRIM_STAC] = { .opens = true },
	[PRIM_CLAC] = { },
	[PRIM_SAVE] = { },
	[PRIM_RESTORE] = { },
	[PRIM_HELPER] = { .checks = true, .tested = true },
};

/*
 * Beyond the primitive kinds in a name table: an accessor, and a 7.x
 * scope, which only names the begin and the cleanup end it expands to.
 */
#define ACCESSOR PRIM_NKINDS
#define SCOPE (PRIM_NKINDS + 1)

struct ua_name {
	const char *name;
	int kind;		/* enum ua_prim_kind, or ACCESSOR */
	enum ua_mode mode;
};

/* Names a programmer writes, outermost wins. */
static const struct ua_name ua_names[] = {
	{ "user_access_begin",		  PRIM_BEGIN,  UA_MODE_RW },
	{ "user_read_access_begin",	  PRIM_BEGIN,  UA_MODE_READ },
	{ "user_write_access_begin",	  PRIM_BEGIN,  UA_MODE_WRITE },
	{ "user_rw_access_begin",	  PRIM_BEGIN,  UA_MODE_RW },
	{ "masked_user_access_begin",	  PRIM_MASK,   UA_MODE_RW },
	{ "masked_user_read_access_begin",  PRIM_MASK, UA_MODE_READ },
	{ "masked_user_write_access_begin", PRIM_MASK, UA_MODE_WRITE },
	{ "masked_user_rw_access_begin",  PRIM_MASK,   UA_MODE_RW },
	{ "__uaccess_begin",		  PRIM_STAC,   UA_MODE_RW },
	{ "__uaccess_begin_nospec",	  PRIM_STAC,   UA_MODE_RW },
	{ "__user_read_access_begin",	  PRIM_STAC,   UA_MODE_READ },
	{ "__user_write_access_begin",	  PRIM_STAC,   UA_MODE_WRITE },
	{ "unsafe_user_read_access_begin",  PRIM_STAC, UA_MODE_READ },
	{ "unsafe_user_write_access_begin", PRIM_STAC, UA_MODE_WRITE },
	{ "user_access_end",		  PRIM_CLAC,   UA_MODE_RW },
	{ "user_read_access_end",	  PRIM_CLAC,   UA_MODE_READ },
	{ "user_write_access_end",	  PRIM_CLAC,   UA_MODE_WRITE },
	{ "user_rw_access_end",		  PRIM_CLAC,   UA_MODE_RW },
	{ "__uaccess_end",		  PRIM_CLAC,   UA_MODE_RW },
	{ "scoped_user_read_access",	  SCOPE,       UA_MODE_READ },
	{ "scoped_user_read_access_size", SCOPE,       UA_MODE_READ },
	{ "scoped_user_write_access",	  SCOPE,       UA_MODE_WRITE },
	{ "scoped_user_write_access_size", SCOPE,      UA_MODE_WRITE },
	{ "scoped_user_rw_access",	  SCOPE,       UA_MODE_RW },
	{ "scoped_user_rw_access_size",	  SCOPE,       UA_MODE_RW },
	{ "access_ok",			  PRIM_ACCESS_OK, UA_MODE_NONE },
	{ "user_access_save",		  PRIM_SAVE,   UA_MODE_NONE },
	{ "user_access_restore",	  PRIM_RESTORE, UA_MODE_NONE },
	{ "unsafe_put_user",		  ACCESSOR,    UA_MODE_WRITE },
	{ "unsafe_get_user",		  ACCESSOR,    UA_MODE_READ },
	{ "unsafe_copy_to_user",	  ACCESSOR,    UA_MODE_WRITE },
	{ "unsafe_copy_from_user",	  ACCESSOR,    UA_MODE_READ },
	{ "unsafe_try_cmpxchg_user",	  ACCESSOR,    UA_MODE_RW },
	{ "unsafe_atomic_op1",		  ACCESSOR,    UA_MODE_RW },
	{ "unsafe_atomic_op2",		  ACCESSOR,    UA_MODE_RW },
	{ "arch_unsafe_put_user",	  ACCESSOR,    UA_MODE_WRITE },
	{ "arch_unsafe_get_user",	  ACCESSOR,    UA_MODE_READ },
	/* 7.x: one access in a scope of its own, a checked access as a whole */
	{ "get_user_inline",		  ACCESSOR,    UA_MODE_READ },
	{ "put_user_inline",		  ACCESSOR,    UA_MODE_WRITE },
};

/*
 * The inline functions the primitives are made of, by what they do, one
 * table per architecture (docs/design.md, "Primitives per architecture").
 * The name a programmer wrote, when a macro of ua_names led to the call,
 * gives the mode; these modes hold for a direct call.
 */
static const struct ua_name ua_functions_generic[] = {
	{ "__access_ok",	PRIM_ACCESS_OK, UA_MODE_NONE },
	/* 7.x: a scope's cleanup handler, called on every exit of it */
	{ "__scoped_user_read_access_end",  PRIM_CLAC, UA_MODE_READ },
	{ "__scoped_user_write_access_end", PRIM_CLAC, UA_MODE_WRITE },
	{ "__scoped_user_rw_access_end",    PRIM_CLAC, UA_MODE_RW },
};

/* x86: one checking begin; SMAP's stac/clac open and close every mode. */
static const struct ua_name ua_functions_x86[] = {
	{ "user_access_begin",	PRIM_BEGIN,	UA_MODE_RW },
	{ "mask_user_address",	PRIM_MASK,	UA_MODE_RW },
	{ "stac",		PRIM_STAC,	UA_MODE_RW },
	{ "clac",		PRIM_CLAC,	UA_MODE_RW },
	{ "smap_save",		PRIM_SAVE,	UA_MODE_NONE },
	{ "smap_restore",	PRIM_RESTORE,	UA_MODE_NONE },
};

/*
 * powerpc (KUAP): a checking begin per mode, and ends that are distinct
 * functions behind the user_*_access_end() macros (7.x: one function
 * each, given the direction); book3s/32 opens only the direction asked
 * for, so the wrong end leaves the other one open.
 */
static const struct ua_name ua_functions_powerpc[] = {
	{ "user_read_access_begin",	    PRIM_BEGIN,	 UA_MODE_READ },
	{ "user_write_access_begin",	    PRIM_BEGIN,	 UA_MODE_WRITE },
	/* 7.x: one begin and one masked begin, the mode an argument */
	{ "__user_access_begin",	    PRIM_BEGIN,	 UA_MODE_RW },
	{ "__masked_user_access_begin",	    PRIM_MASK,	 UA_MODE_RW },
	{ "allow_read_from_user",	    PRIM_STAC,	 UA_MODE_READ },
	{ "allow_write_to_user",	    PRIM_STAC,	 UA_MODE_WRITE },
	{ "allow_read_write_user",	    PRIM_STAC,	 UA_MODE_RW },
	{ "allow_user_access",		    PRIM_STAC,	 UA_MODE_RW },
	{ "prevent_current_access_user",    PRIM_CLAC,	 UA_MODE_RW },
	{ "prevent_current_read_from_user", PRIM_CLAC,	 UA_MODE_READ },
	{ "prevent_current_write_to_user",  PRIM_CLAC,	 UA_MODE_WRITE },
	{ "prevent_read_from_user",	    PRIM_CLAC,	 UA_MODE_READ },
	{ "prevent_write_to_user",	    PRIM_CLAC,	 UA_MODE_WRITE },
	{ "prevent_read_write_user",	    PRIM_CLAC,	 UA_MODE_RW },
	{ "prevent_user_access",	    PRIM_CLAC,	 UA_MODE_RW },
	{ "prevent_user_access_return",	    PRIM_SAVE,	 UA_MODE_NONE },
	{ "restore_user_access",	    PRIM_RESTORE, UA_MODE_NONE },
};

/*
 * arm64: access_ok() is a function that untags the address before
 * __access_ok(); user_access_begin() is the checking begin of every mode
 * (as on x86); TTBR0 switching (CONFIG_ARM64_SW_TTBR0_PAN) opens and
 * closes.
 */
static const struct ua_name ua_functions_arm64[] = {
	{ "access_ok",			PRIM_ACCESS_OK,	UA_MODE_NONE },
	{ "uaccess_ttbr0_enable",	PRIM_STAC,	UA_MODE_RW },
	{ "uaccess_ttbr0_disable",	PRIM_CLAC,	UA_MODE_RW },
	{ "uaccess_enable_privileged",	PRIM_STAC,	UA_MODE_RW },
	{ "uaccess_disable_privileged",	PRIM_CLAC,	UA_MODE_RW },
	{ "user_access_save",		PRIM_SAVE,	UA_MODE_NONE },
	{ "user_access_restore",	PRIM_RESTORE,	UA_MODE_NONE },
};

struct ua_name_table {
	const struct ua_name *names;
	size_t n;
};

#define TABLE(t) { t, ARRAY_SIZE(t) }
static const struct ua_name_table ua_functions[] = {
	TABLE(ua_functions_generic),
	TABLE(ua_functions_x86),
	TABLE(ua_functions_powerpc),
	TABLE(ua_functions_arm64),
};
#undef TABLE

/*
 * Helpers that return their pointer argument, made safe from speculation
 * but not validated (arm64's uaccess_mask_ptr() in unsafe_put_user()):
 * inline asm, so no summary says so.
 */
static const char *const ua_pointer_passers[] = {
	"__uaccess_mask_ptr",
};

static const struct ua_name *lookup(const struct ua_name *tab, size_t n,
				    const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(tab[i].name, name))
			return &tab[i];
	return NULL;
}

/* Is @fndecl one the kernel's own headers define (not a local namesake)? */
static bool in_kernel_headers(tree fndecl)
{
	const char *file;

	if (!fndecl || !DECL_NAME(fndecl))
		return false;
	file = DECL_SOURCE_FILE(fndecl);
	return file && strstr(file, "include/");
}

static const struct ua_name *lookup_function(tree fndecl)
{
	const struct ua_name *n = NULL;
	size_t i;

	if (!in_kernel_headers(fndecl))
		return NULL;
	for (i = 0; i < ARRAY_SIZE(ua_functions) && !n; i++)
		n = lookup(ua_functions[i].names, ua_functions[i].n,
			   IDENTIFIER_POINTER(DECL_NAME(fndecl)));
	return n;
}

bool ua_passes_pointer(tree fndecl)
{
	size_t i;

	if (!in_kernel_headers(fndecl))
		return false;
	for (i = 0; i < ARRAY_SIZE(ua_pointer_passers); i++)
		if (!strcmp(IDENTIFIER_POINTER(DECL_NAME(fndecl)),
			    ua_pointer_passers[i]))
			return true;
	return false;
}

/* Does @p open a region (a begin, or a masked begin that is one call)? */
bool ua_prim_opens(const struct ua_prim *p)
{
	return ua_prim_props[p->kind].opens || p->opens;
}

/* Was @p named by a macro a programmer writes (ua_names)? */
bool ua_prim_written(const struct ua_prim *p)
{
	return lookup(ua_names, ARRAY_SIZE(ua_names), p->name) != NULL;
}

/* Is @p part of a 7.x scope (its begin, or its cleanup end)? */
bool ua_prim_is_scope(const struct ua_prim *p)
{
	return p && startswith(p->name, "scoped_user_");
}

bool ua_is_primitive_body(tree fndecl)
{
	return lookup_function(fndecl) != NULL;
}

bool ua_unit_has_macro_maps(void)
{
	return LINEMAPS_MACRO_USED(line_table) > 0;
}

/*
 * Walk the macro chain of @loc from the innermost expansion outwards and
 * return the outermost name found in ua_names (with its expansion map in
 * @key, when asked).
 */
/*
 * Where the programmer wrote a macro call that expanded at @loc: out of
 * the macro arguments it was written in (an "if" macro's condition), to
 * the place in the file; a call written in another macro's body stays at
 * that macro's expansion point.
 */
static location_t written_at(location_t loc)
{
	while (linemap_location_from_macro_expansion_p(line_table, loc) &&
	       !linemap_location_from_macro_definition_p(line_table, loc)) {
		const line_map *map = linemap_lookup(line_table, loc);

		if (!map || !linemap_macro_expansion_map_p(map))
			break;
		loc = linemap_macro_map_loc_unwind_toward_spelling(
			line_table, linemap_check_macro(map), loc);
	}
	return ua_user_location(loc);
}

static const struct ua_name *chain_name(location_t loc, bool accessors,
					const void **key, bool *masked,
					location_t *where)
{
	const struct ua_name *found = NULL;

	while (linemap_location_from_macro_expansion_p(line_table, loc)) {
		const line_map *map = linemap_lookup(line_table, loc);
		const line_map_macro *mm;
		const struct ua_name *n;

		if (!map || !linemap_macro_expansion_map_p(map))
			break;
		mm = linemap_check_macro(map);
		location_t arg;

		n = lookup(ua_names, ARRAY_SIZE(ua_names),
			   linemap_map_get_macro_name(mm));
		if (n && (n->kind == ACCESSOR) == accessors) {
			if (masked && n->kind == PRIM_MASK)
				*masked = true;
			found = n;
			if (key)
				*key = mm;
			if (where)
				*where = written_at(MACRO_MAP_EXPANSION_POINT_LOCATION(mm));
		}
		/*
		 * A token that came in through an argument of this macro (the
		 * condition of CONFIG_PROFILE_ALL_BRANCHES's "if") carries the
		 * expansions it went through inside the argument: follow them
		 * before leaving for the expansion point.
		 */
		arg = linemap_macro_map_loc_unwind_toward_spelling(line_table, mm, loc);
		if (linemap_location_from_macro_expansion_p(line_table, arg) &&
		    linemap_lookup(line_table, arg) != map)
			loc = arg;
		else
			loc = MACRO_MAP_EXPANSION_POINT_LOCATION(mm);
	}
	return found;
}

/* Is a macro called @name on the expansion chain of @loc? */
bool ua_written_in_macro(location_t loc, const char *name)
{
	while (linemap_location_from_macro_expansion_p(line_table, loc)) {
		const line_map *map = linemap_lookup(line_table, loc);
		const line_map_macro *mm;

		if (!map || !linemap_macro_expansion_map_p(map))
			return false;
		mm = linemap_check_macro(map);
		if (!strcmp(linemap_map_get_macro_name(mm), name))
			return true;
		loc = MACRO_MAP_EXPANSION_POINT_LOCATION(mm);
	}
	return false;
}

/* Instrumentation the kernel puts between a begin and its accesses. */
static bool is_hook(tree fndecl)
{
	const char *n;

	if (!fndecl || !DECL_NAME(fndecl))
		return false;
	n = IDENTIFIER_POINTER(DECL_NAME(fndecl));
	return startswith(n, "kmsan_") || startswith(n, "instrument_") ||
	       startswith(n, "kasan_") || startswith(n, "kcsan_");
}

static bool is_accessor_asm(gimple *stmt);
static tree asm_user_operand(gasm *stmt);

/*
 * Statements that change no kernel memory a pointer could be loaded from,
 * although GCC must assume they might: the primitives, the pointer
 * passers, the sanitizer hooks and the accessors themselves (they write
 * user memory).
 */
bool ua_stores_nothing(gimple *stmt)
{
	if (gimple_clobber_p(stmt))
		return true;
	if (is_gimple_call(stmt))
		return gimple_call_internal_p(stmt) ?
		       ua_is_deferred_init(stmt) :
		       lookup_function(gimple_call_fndecl(stmt)) ||
		       ua_passes_pointer(gimple_call_fndecl(stmt)) ||
		       is_hook(gimple_call_fndecl(stmt));
	return gimple_code(stmt) == GIMPLE_ASM && is_accessor_asm(stmt);
}

void ua_add_prim(struct ua_fn *fn, gimple *stmt, enum ua_prim_kind kind,
		 enum ua_mode mode, tree fndecl)
{
	const struct ua_name *written;
	struct ua_prim *p;

	fn->prims = XRESIZEVEC(struct ua_prim, fn->prims, fn->nprims + 1);
	p = &fn->prims[fn->nprims++];
	memset(p, 0, sizeof(*p));
	p->stmt = stmt;
	p->kind = kind;
	p->mode = mode;
	p->name = IDENTIFIER_POINTER(DECL_NAME(fndecl));
	p->loc = ua_user_location(gimple_location(stmt));
	p->token = -1;
	p->opens = kind == PRIM_MASK &&
		   strcmp(p->name, "mask_user_address") != 0;
	if (kind == PRIM_HELPER)
		return;
	written = chain_name(gimple_location(stmt), false, NULL, &p->masked,
			     &p->loc);
	if (!written)
		return;
	p->name = written->name;
	/* stac() inside a masked begin opens a region of the masked mode */
	if (written->mode != UA_MODE_NONE && p->kind != PRIM_ACCESS_OK)
		p->mode = written->mode;
}

static void add_access_asm(struct ua_fn *fn, gimple *stmt,
			   const struct ua_name *n, const void *key)
{
	struct ua_access *a = NULL;
	unsigned i;

	for (i = 0; i < fn->naccesses; i++)
		if (fn->accesses[i].key == key)
			a = &fn->accesses[i];
	if (!a) {
		fn->accesses = XRESIZEVEC(struct ua_access, fn->accesses,
					  fn->naccesses + 1);
		a = &fn->accesses[fn->naccesses++];
		memset(a, 0, sizeof(*a));
		a->fn = fn;
		a->name = n->name;
		a->mode = n->mode;
		a->key = key;
		a->loc = ua_user_location(gimple_location(stmt));
	}
	a->asms = XRESIZEVEC(gimple *, a->asms, a->nasm + 1);
	a->asms[a->nasm++] = stmt;
}

static bool is_accessor_asm(gimple *stmt)
{
	return asm_user_operand(as_a<gasm *>(stmt)) &&
	       chain_name(gimple_location(stmt), true, NULL, NULL, NULL);
}

static void scan_stmt(struct ua_fn *fn, gimple *stmt)
{
	const struct ua_name *n;
	const void *key = NULL;

	if (is_gimple_call(stmt)) {
		tree fndecl = gimple_call_fndecl(stmt);

		n = lookup_function(fndecl);
		if (n)
			ua_add_prim(fn, stmt, (enum ua_prim_kind)n->kind,
				    n->mode, fndecl);
		return;
	}
	if (gimple_code(stmt) != GIMPLE_ASM)
		return;
	if (!asm_user_operand(as_a<gasm *>(stmt)))
		return;
	n = chain_name(gimple_location(stmt), true, &key, NULL, NULL);
	if (n)
		add_access_asm(fn, stmt, n, key);
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
			const void *key = NULL;
			unsigned i;

			if (!len || !chain_name(gimple_location(stmt), true, &key, NULL, NULL))
				continue;
			for (i = 0; i < fn->naccesses; i++) {
				struct ua_access *a = &fn->accesses[i];

				if (a->key != key || !startswith(a->name, "unsafe_copy_"))
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

static bool is_large_struct(tree type)
{
	tree name = TYPE_NAME(type);

	if (name && TREE_CODE(name) == TYPE_DECL)
		name = DECL_NAME(name);
	return name && TREE_CODE(name) == IDENTIFIER_NODE &&
	       !strcmp(IDENTIFIER_POINTER(name), "__large_struct");
}

static HOST_WIDE_INT type_bytes(tree type)
{
	if (!type || VOID_TYPE_P(type) || !COMPLETE_TYPE_P(type) ||
	    !tree_fits_shwi_p(TYPE_SIZE_UNIT(type)))
		return -1;
	return tree_to_shwi(TYPE_SIZE_UNIT(type));
}

/*
 * A memory operand: "m", or a target's own memory-only constraint around
 * an lvalue (powerpc's DS-form "Z<>" for std/ld, arm64's "Q").
 */
static bool is_memory_operand(tree op)
{
	const char *c = TREE_STRING_POINTER(TREE_VALUE(TREE_PURPOSE(op)));

	return strchr(c, 'm') ||
	       (REFERENCE_CLASS_P(TREE_VALUE(op)) && !strpbrk(c, "rg"));
}

/* The memory operand of an asm: what an accessor reads or writes. */
static tree asm_memory_operand(gasm *stmt)
{
	unsigned i;

	for (i = 0; i < gimple_asm_noutputs(stmt); i++)
		if (is_memory_operand(gimple_asm_output_op(stmt, i)))
			return TREE_VALUE(gimple_asm_output_op(stmt, i));
	for (i = 0; i < gimple_asm_ninputs(stmt); i++)
		if (is_memory_operand(gimple_asm_input_op(stmt, i)))
			return TREE_VALUE(gimple_asm_input_op(stmt, i));
	return NULL_TREE;
}

/*
 * Without a memory operand, the register that holds the user address:
 * arm64's "r" (addr), x86-32's 8-byte put.  The value a put stores can be
 * a pointer too, but not in a plain "r" ("rZ" on arm64).
 */
static tree asm_address_operand(gasm *stmt)
{
	tree found = NULL_TREE;
	unsigned i;

	for (i = 0; i < gimple_asm_ninputs(stmt); i++) {
		tree op = gimple_asm_input_op(stmt, i);
		const char *c = TREE_STRING_POINTER(TREE_VALUE(TREE_PURPOSE(op)));

		if (!strcmp(c, "r") && POINTER_TYPE_P(TREE_TYPE(TREE_VALUE(op))))
			found = TREE_VALUE(op);
	}
	return found;
}

/*
 * The pointer a passer was given: its own result is a void pointer (the
 * cast back to the accessor's type is a no-op GIMPLE drops), so the size
 * of the access is in its argument's type.
 */
static tree typed_pointer(tree p)
{
	while (TREE_CODE(p) == SSA_NAME) {
		gimple *def = SSA_NAME_DEF_STMT(p);

		if (!is_gimple_call(def) || gimple_call_num_args(def) != 1 ||
		    !ua_passes_pointer(gimple_call_fndecl(def)))
			break;
		p = gimple_call_arg(def, 0);
	}
	return p;
}

/*
 * The size of an access through the address register @p: a put stores
 * its other input, typed as the pointer the programmer wrote ("(u64
 * __user *)p" is a cast GIMPLE drops, so @p's type may be narrower); a
 * get has no such input and takes @p's own type.
 */
static HOST_WIDE_INT register_access_size(gasm *stmt, tree p)
{
	unsigned i;

	for (i = 0; i < gimple_asm_ninputs(stmt); i++) {
		tree op = gimple_asm_input_op(stmt, i);
		const char *c = TREE_STRING_POINTER(TREE_VALUE(TREE_PURPOSE(op)));
		tree v = TREE_VALUE(op);

		/* "+r" (err) comes back as a matching input, "0" (err) */
		if (v != p && !ISDIGIT(c[0]) && type_bytes(TREE_TYPE(v)) > 0)
			return type_bytes(TREE_TYPE(v));
	}
	return type_bytes(TREE_TYPE(TREE_TYPE(typed_pointer(p))));
}

static tree asm_user_operand(gasm *stmt)
{
	tree mem = asm_memory_operand(stmt);

	return mem ? mem : asm_address_operand(stmt);
}

/*
 * What an accessor asm touches and how many bytes: through the pointer
 * @ptr, or the object @obj when GCC folded the pointer into the operand
 * (unsafe_try_cmpxchg_user(&u->f, ...) has u->f itself).  The memory
 * operand of put/get is a dummy large struct, so the size comes from the
 * pointer's own type, as it does for an address in a register.
 */
HOST_WIDE_INT ua_access_size(gimple *stmt, tree *ptr, tree *obj)
{
	tree mem = asm_memory_operand(as_a<gasm *>(stmt));
	tree p;

	*ptr = NULL_TREE;
	*obj = NULL_TREE;
	if (!mem) {
		p = asm_address_operand(as_a<gasm *>(stmt));
		*ptr = p;
		return p ? register_access_size(as_a<gasm *>(stmt), p) : -1;
	}
	if (mem && TREE_CODE(mem) != MEM_REF && REFERENCE_CLASS_P(mem)) {
		*obj = mem;
		return type_bytes(TREE_TYPE(mem));
	}
	if (!mem || TREE_CODE(mem) != MEM_REF)
		return -1;
	p = TREE_OPERAND(mem, 0);
	*ptr = p;
	if (!is_large_struct(TREE_TYPE(mem)))
		return type_bytes(TREE_TYPE(mem));
	if (!POINTER_TYPE_P(TREE_TYPE(p)))
		return -1;
	return type_bytes(TREE_TYPE(TREE_TYPE(p)));
}

/* Does the unit hold exception-table asm at all (to explain silence)? */
bool ua_unit_has_accessor_asm(void)
{
	cgraph_node *node;

	FOR_EACH_FUNCTION_WITH_GIMPLE_BODY(node) {
		function *fun = DECL_STRUCT_FUNCTION(node->decl);
		basic_block bb;

		if (!fun || !fun->cfg)
			continue;
		FOR_EACH_BB_FN(bb, fun) {
			gimple_stmt_iterator gsi;

			for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
				gimple *s = gsi_stmt(gsi);

				if (gimple_code(s) == GIMPLE_ASM &&
				    strstr(gimple_asm_string(as_a<gasm *>(s)),
					   "__ex_table"))
					return true;
			}
		}
	}
	return false;
}
