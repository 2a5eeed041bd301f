// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: powerpc accessors in checked regions
 * check-description: unsafe_get_user(), unsafe_put_user() and powerpc's own unsafe_copy_from_user() / unsafe_copy_to_user() (word loops of unsafe_get_user() / unsafe_put_user()) inside regions whose begin checks the whole struct in the direction used: nothing to report at level 0.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct ppc_blob {
	u32 len;
	u32 flags;
	u8 data[24];
};

int ppc_fetch_blob(struct ppc_blob *dst, const struct ppc_blob __user *src);
int ppc_fetch_blob(struct ppc_blob *dst, const struct ppc_blob __user *src)
{
	if (!user_read_access_begin(src, sizeof(*src)))
		return -EFAULT;
	unsafe_get_user(dst->len, &src->len, efault);
	unsafe_get_user(dst->flags, &src->flags, efault);
	unsafe_copy_from_user(dst->data, src->data, sizeof(dst->data), efault);
	user_read_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(ppc_fetch_blob);

int ppc_store_blob(struct ppc_blob __user *dst, const struct ppc_blob *src);
int ppc_store_blob(struct ppc_blob __user *dst, const struct ppc_blob *src)
{
	if (!user_write_access_begin(dst, sizeof(*dst)))
		return -EFAULT;
	unsafe_put_user(src->len, &dst->len, efault);
	unsafe_put_user(src->flags, &dst->flags, efault);
	unsafe_copy_to_user(dst->data, src->data, sizeof(src->data), efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(ppc_store_blob);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check powerpc testcase: accessors in checked regions");
