// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: powerpc regions closed by their own ends
 * check-description: Each powerpc begin closed by its own end (read/read, write/write, user_access_begin()/user_access_end()), and a read region closed by user_access_end(), prevent_current_access_user(), which ends both directions: the silent look-alikes of the wrong-end cases.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct ppc_pair {
	u32 a;
	u32 b;
};

int ppc_read_pair_ok(const struct ppc_pair __user *p, u32 *a, u32 *b);
int ppc_read_pair_ok(const struct ppc_pair __user *p, u32 *a, u32 *b)
{
	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(*a, &p->a, efault);
	unsafe_get_user(*b, &p->b, efault);
	user_read_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(ppc_read_pair_ok);

int ppc_write_pair_ok(struct ppc_pair __user *p, u32 a, u32 b);
int ppc_write_pair_ok(struct ppc_pair __user *p, u32 a, u32 b)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->a, efault);
	unsafe_put_user(b, &p->b, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(ppc_write_pair_ok);

int ppc_swap_pair_ok(struct ppc_pair __user *p);
int ppc_swap_pair_ok(struct ppc_pair __user *p)
{
	u32 a, b;

	if (!user_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(a, &p->a, efault);
	unsafe_get_user(b, &p->b, efault);
	unsafe_put_user(b, &p->a, efault);
	unsafe_put_user(a, &p->b, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(ppc_swap_pair_ok);

int ppc_read_pair_full_end(const struct ppc_pair __user *p, u32 *a);
int ppc_read_pair_full_end(const struct ppc_pair __user *p, u32 *a)
{
	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(*a, &p->a, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(ppc_read_pair_full_end);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check powerpc testcase: regions closed by their own ends");
