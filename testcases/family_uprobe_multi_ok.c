// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: __get_user() on three attribute arrays checked by access_ok()
 * check-description: The look-alike of family_uprobe_multi.c as 4d87a251d45b left bpf_uprobe_multi_link_attach(): the three arrays have the same element size, and one access_ok() each on sizeof(*uoffsets) * cnt covers every __get_user() of entry i < cnt; access_ok() of a NULL optional array passes, and the NULL array is never read.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/types.h>
#include <linux/uaccess.h>

#define UC_UPROBE_MAX	64

struct uc_umulti_attr {
	__u64 offsets;
	__u64 ref_ctr_offsets;
	__u64 cookies;
	__u32 cnt;
	__u32 flags;
};

struct uc_uprobe {
	unsigned long offset;
	unsigned long ref_ctr_offset;
	u64 cookie;
};

int uc_umulti_ok_attach(const struct uc_umulti_attr *attr, struct uc_uprobe **out);
int uc_umulti_ok_attach(const struct uc_umulti_attr *attr, struct uc_uprobe **out)
{
	unsigned long __user *uref_ctr_offsets;
	unsigned long __user *uoffsets;
	struct uc_uprobe *uprobes;
	u64 __user *ucookies;
	unsigned long size;
	u32 cnt, i;

	uoffsets = u64_to_user_ptr(attr->offsets);
	cnt = attr->cnt;
	if (!uoffsets || !cnt)
		return -EINVAL;
	if (cnt > UC_UPROBE_MAX)
		return -E2BIG;

	uref_ctr_offsets = u64_to_user_ptr(attr->ref_ctr_offsets);
	ucookies = u64_to_user_ptr(attr->cookies);

	size = sizeof(*uoffsets) * cnt;
	if (!access_ok(uoffsets, size) || !access_ok(uref_ctr_offsets, size) ||
	    !access_ok(ucookies, size))
		return -EFAULT;

	uprobes = kcalloc(cnt, sizeof(*uprobes), GFP_KERNEL);
	if (!uprobes)
		return -ENOMEM;

	for (i = 0; i < cnt; i++) {
		if (__get_user(uprobes[i].offset, uoffsets + i))
			goto efault;
		if (uref_ctr_offsets &&
		    __get_user(uprobes[i].ref_ctr_offset, uref_ctr_offsets + i))
			goto efault;
		if (ucookies && __get_user(uprobes[i].cookie, ucookies + i))
			goto efault;
	}
	*out = uprobes;
	return 0;
efault:
	kfree(uprobes);
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(uc_umulti_ok_attach);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: __get_user() on three attribute arrays checked by access_ok()");
