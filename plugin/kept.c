// SPDX-License-Identifier: GPL-2.0
/*
 * Phase 3 helper: kept user pointers (registrations.def).  A pointer
 * read from a listed member through a pointer, or returned by a listed
 * function of the kernel's API, was validated when it was stored, by the
 * check the table names, for the bytes it names: coverage (coverage.c)
 * takes that as its proof when no check of the pointer is on a path, and
 * the output says it as a distance at level 2.
 */
#include "uaccess_check.h"
#include "verdict.h"

enum { UA_KEPT_FIELD, UA_KEPT_SOURCE };

static const struct ua_kept kept_table[] = {
#define UA_KEPT(KIND, RECORD, NAME, BYTES, ERROR, CHECK, WHERE) \
	{ UA_KEPT_##KIND == UA_KEPT_FIELD, #RECORD, #NAME, BYTES, \
	  strcmp(#ERROR, "-") ? #ERROR : NULL, CHECK, WHERE },
#include "registrations.def"
#undef UA_KEPT
};

static const char *record_name(tree type)
{
	tree name = TYPE_NAME(type);

	if (name && TREE_CODE(name) == TYPE_DECL)
		name = DECL_NAME(name);
	return name && TREE_CODE(name) == IDENTIFIER_NODE ?
		IDENTIFIER_POINTER(name) : NULL;
}

/*
 * The member a loaded reference reads (an element of an array member
 * too), through a pointer: a copy in a variable of the function is not
 * what the kernel stored.
 */
static tree loaded_member(tree t)
{
	tree base = get_base_address(t);

	if (!base || (TREE_CODE(base) != MEM_REF && TREE_CODE(base) != TARGET_MEM_REF))
		return NULL_TREE;
	while (TREE_CODE(t) == ARRAY_REF)
		t = TREE_OPERAND(t, 0);
	return TREE_CODE(t) == COMPONENT_REF ? TREE_OPERAND(t, 1) : NULL_TREE;
}

/* A function of the kernel's API: declared in a header under include/. */
static bool kernel_api(tree fndecl)
{
	const char *file = DECL_SOURCE_FILE(fndecl);

	return TREE_PUBLIC(fndecl) && file && strstr(file, "include/");
}

static const struct ua_kept *find(bool field, const char *record,
				  const char *name)
{
	unsigned i;

	for (i = 0; i < ARRAY_SIZE(kept_table); i++)
		if (kept_table[i].field == field &&
		    !strcmp(kept_table[i].name, name) &&
		    (!field || (record && !strcmp(kept_table[i].record, record))))
			return &kept_table[i];
	return NULL;
}

/* The table's entry for the root of @ref, or NULL. */
const struct ua_kept *ua_kept_root(const struct ua_ref *ref)
{
	tree member, callee;
	gimple *def;

	if (ref->kind == ROOT_LOAD) {
		member = loaded_member(ref->root);
		if (!member || !DECL_NAME(member))
			return NULL;
		return find(true, record_name(DECL_CONTEXT(member)),
			    IDENTIFIER_POINTER(DECL_NAME(member)));
	}
	if (ref->kind != ROOT_VALUE || TREE_CODE(ref->root) != SSA_NAME)
		return NULL;
	def = SSA_NAME_DEF_STMT(ref->root);
	callee = is_gimple_call(def) ? gimple_call_fndecl(def) : NULL_TREE;
	if (!callee || !DECL_NAME(callee) || !kernel_api(callee))
		return NULL;
	return find(false, NULL, IDENTIFIER_POINTER(DECL_NAME(callee)));
}
